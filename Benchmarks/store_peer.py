"""The peer for StoreBenchmark: scipy's cKDTree on the same kind of data
(1,000,000 points uniform over 42–51 N, 5 W–8 E, as 3-D unit vectors so that
chord distance ranks like the sphere), k = 20 within 1500 m."""
import math, statistics, sys, time
import numpy as np
from scipy.spatial import cKDTree

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = np.random.default_rng(2026)

def unit(lat, lon):
    lat, lon = np.radians(lat), np.radians(lon)
    return np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)))

points = unit(rng.uniform(42, 51, count), rng.uniform(-5, 8, count))
queries = unit(rng.uniform(42, 51, 20_000), rng.uniform(-5, 8, 20_000))
start = time.perf_counter()
tree = cKDTree(points)
build = time.perf_counter() - start
bound = 2 * math.sin(1500 / 6_371_008.8 / 2)

start = time.perf_counter()
tree.query(queries, k=20, distance_upper_bound=bound)
batched = (time.perf_counter() - start) / len(queries)

times = []
for q in queries:
    t = time.perf_counter()
    tree.query(q, k=20, distance_upper_bound=bound)
    times.append(time.perf_counter() - t)
print(f"scipy cKDTree: build {build:.2f} s; batched {batched * 1e6:.2f} µs per query; "
      f"one at a time median {statistics.median(times) * 1e6:.2f} µs")
