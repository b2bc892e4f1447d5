// The pages' moving map: Leaflet (Debian's libjs-leaflet, which nearby
// serves under /leaflet/) on nearby's own /tiles/. It takes the static map's
// place only once Leaflet has loaded; without JavaScript or without Leaflet
// the page keeps the static map, which moves by clicks.
//
// The page says what to show as JSON: the tile layer on `.map-area`
// (`data-layer`), the position, circle and pins on the rows (`#listing`,
// `data-view`) or, on a detail page, on `.map-area` too. Text from the data
// reaches the map through textContent only.
(function () {
  'use strict';
  var area = document.querySelector('.map-area[data-layer]');
  if (!area || !window.L) return;
  var layer = JSON.parse(area.dataset.layer);
  var listing = document.getElementById('listing');
  var holder = listing && listing.dataset.view ? listing : area;
  if (!holder.dataset.view) return;
  var view = JSON.parse(holder.dataset.view);

  var box = document.createElement('div');
  box.className = 'moving-map';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', 'Map: drag to move, + and − to zoom');
  Array.prototype.forEach.call(area.children, function (child) { child.hidden = true; });
  area.insertBefore(box, area.firstChild);

  var held = layer.bounds && L.latLngBounds([layer.bounds[1], layer.bounds[0]], [layer.bounds[3], layer.bounds[2]]);
  var map = L.map(box, {minZoom: layer.minZoom, maxZoom: layer.maxZoom});
  window.nearbyMap = map;  // for the console, and the browser tests
  map.attributionControl.setPrefix(false);
  var tiles = L.tileLayer(layer.tiles, {
    minZoom: layer.minZoom, maxZoom: layer.maxZoom, bounds: held || undefined,
    attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' +
      (/OpenStreetMap contributors/.test(layer.attribution) ? '' : ' · ' + escaped(layer.attribution))
  }).addTo(map);
  // Each tile is asked for without the basemap's names that would lie under
  // the pins, clusters and the person at its zoom (`clear=`, the boxes they
  // cover near the tile, in its pixels); a tile far from all of them keeps
  // its plain address, which every page shares.
  tiles.getTileUrl = function (coords) {
    var url = L.TileLayer.prototype.getTileUrl.call(this, coords), boxes = clearOf(coords);
    return boxes ? url + '?clear=' + boxes : url;
  };
  // A server drawing as many tiles as it takes turns the rest away (503,
  // Retry-After: 1); Leaflet would leave them blank. Each is asked again,
  // after 1 s, then 2 s, up to 10 s: ten times, 55 s in all.
  tiles.on('tileerror', function (event) {
    var tile = event.tile, tries = (tile.nearbyTries || 0) + 1;
    if (tries > 10) return;
    tile.nearbyTries = tries;
    setTimeout(function () {
      var url = tiles.getTileUrl(event.coords);
      if (tile.parentNode) tile.src = url + (url.indexOf('?') < 0 ? '?' : '&') + 'try=' + tries;
    }, 1000 * tries);
  });

  // The pins, laid out again at every zoom (`spread`); leader lines and the
  // dots on moved pins' places under them. A pin keeps its marker (and an
  // open popup) while it moves from zoom to zoom.
  var leaders = L.layerGroup().addTo(map);
  var pins = L.layerGroup().addTo(map);
  var clusters = L.layerGroup().addTo(map);
  var shown = [], markers = [];
  var overlays = L.layerGroup().addTo(map);
  // The person's dot in a pane of its own, over every pin and cluster (the
  // marker pane is 600, popups 700): where they are is what the map is read from.
  map.createPane('person').style.zIndex = 650;

  function escaped(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }

  // A cluster is a white disc with a dark ring and a halo, its count written "+13":
  // nothing a person could read as a pin or as row 13.
  function clusterIcon(count) {
    var label = document.createElement('span');
    label.textContent = '+' + count;
    label.title = count + ' places here: click to see them';
    return L.divIcon({html: label, className: 'cluster-icon', iconSize: [2 * CLUSTER, 2 * CLUSTER]});
  }

  function pinIcon(pin) {
    var drop = document.createElement('span');
    var number = document.createElement('b');
    number.textContent = pin.number == null ? '' : pin.number;
    drop.appendChild(number);
    return L.divIcon({html: drop, className: 'pin-icon', iconSize: [28, 28], iconAnchor: [14, 34], popupAnchor: [0, -30]});
  }

  function popup(pin) {
    var card = document.createElement('div');
    var name = document.createElement(pin.link ? 'a' : 'strong');
    if (pin.link) name.href = pin.link;
    name.textContent = (pin.number == null ? '' : pin.number + '. ') + pin.name;
    var kind = document.createElement('div');
    kind.className = 'meta';
    kind.textContent = pin.kind;
    card.appendChild(name);
    card.appendChild(kind);
    return card;
  }

  // The boxes, in world pixels of a zoom, that pins, clusters and the person
  // cover there: the pins as `spread` stands them, a pin from its head's top to its tip.
  var covered = {};
  function coveredAt(zoom) {
    if (covered[zoom]) return covered[zoom];
    var tips = shown.map(function (pin) { return map.project([pin.lat, pin.lon], zoom); });
    var boxes = [];
    function disc(centre, radius) { boxes.push([centre.x - radius, centre.y - radius, centre.x + radius, centre.y + radius]); }
    placement(tips, zoom >= map.getMaxZoom()).forEach(function (group) {
      if (group.cluster) { disc(besidePerson(group.centre, zoom), CLUSTER + 2); return; }
      group.heads.forEach(function (head) { boxes.push([head.x - HEAD, head.y - HEAD, head.x + HEAD, head.y + STEM]); });
    });
    if (view.lat != null) disc(map.project([view.lat, view.lon], zoom), 16);
    return (covered[zoom] = boxes);
  }

  // `clear=` for a tile: the covered boxes within reach of its names (as
  // long as a name can be), from its top-left corner, whole pixels outward.
  var REACH = 640, MOST = 64;
  function clearOf(coords) {
    var left = coords.x * 256, top = coords.y * 256;
    var near = coveredAt(coords.z).filter(function (box) {
      return box[2] > left - REACH && box[0] < left + 256 + REACH && box[3] > top - REACH && box[1] < top + 256 + REACH;
    });
    return near.slice(0, MOST).map(function (box) {
      return [Math.floor(box[0] - left), Math.floor(box[1] - top), Math.ceil(box[2] - left), Math.ceil(box[3] - top)].join(',');
    }).join(';');
  }

  function draw(view) {
    covered = {};
    pins.clearLayers();
    overlays.clearLayers();
    var here = view.lat == null ? null : L.latLng(view.lat, view.lon);
    if (here && view.radius) {
      L.circle(here, {radius: view.radius, color: '#0a52b8', weight: 2, dashArray: '6 6', fillOpacity: 0.05, interactive: false})
        .addTo(overlays);
    }
    if (here) {
      L.circleMarker(here, {pane: 'person', radius: 16, stroke: false, fillColor: '#007aff', fillOpacity: 0.15, interactive: false})
        .addTo(overlays);
      L.circleMarker(here, {pane: 'person', radius: 7.5, color: '#fff', weight: 3, fillColor: '#007aff', fillOpacity: 1})
        .bindTooltip('You are here').addTo(overlays);
    }
    shown = view.pins;
    markers = shown.map(function (pin) {
      return L.marker([pin.lat, pin.lon], {icon: pinIcon(pin), title: pinTitle(pin), riseOnHover: true}).bindPopup(popup(pin));
    });
    spread();
  }

  // Where pins stand at this zoom, by the PNG maps' rule (MapRender's
  // PinSpreading): pins whose heads would touch, and those touching them,
  // stand on a ring around the mean of their heads, just wide enough for a
  // gap between neighbours, each with a leader line to a dot on its place; a
  // group of more than RING_LIMIT becomes one cluster on its places, except
  // at the deepest zoom, where nothing opens it further. Groups that touch
  // merge and are laid out again until none do. A list page's pins (at most
  // 20) are therefore never clustered.
  var HEAD = 14, STEM = 20, GAP = 4, CLUSTER = 22, RING_LIMIT = 20;
  function layout(members, tips, deepest) {
    var heads = members.map(function (i) { return L.point(tips[i].x, tips[i].y - STEM); });
    if (members.length === 1) return {members: members, heads: heads, centre: heads[0], reach: HEAD};
    var n = members.length;
    var mean = heads.reduce(function (sum, head) { return sum.add(head); }, L.point(0, 0)).divideBy(n);
    if (n > RING_LIMIT && !deepest) {
      var middle = members.reduce(function (sum, i) { return sum.add(tips[i]); }, L.point(0, 0)).divideBy(n);
      return {members: members, centre: middle, reach: CLUSTER, cluster: true};
    }
    var ring = (2 * HEAD + GAP) / (2 * Math.sin(Math.PI / n));
    var bearings = heads.map(function (head) { return Math.atan2(head.y - mean.y, head.x - mean.x); });
    var order = heads.map(function (_, k) { return k; })
      .sort(function (a, b) { return bearings[a] !== bearings[b] ? bearings[a] - bearings[b] : a - b; });
    var oneSpot = heads.every(function (head) { return head.distanceTo(heads[0]) < 0.5; });
    var start = oneSpot ? -Math.PI / 2 : bearings[order[0]];
    var placed = heads.slice();
    order.forEach(function (k, slot) {
      var angle = start + 2 * Math.PI * slot / n;
      placed[k] = L.point(mean.x + ring * Math.cos(angle), mean.y + ring * Math.sin(angle));
    });
    return {members: members, heads: placed, centre: mean, reach: ring + HEAD};
  }

  function placement(tips, deepest) {
    var groups = tips.map(function (_, i) { return [i]; });
    var layouts = groups.map(function (group) { return layout(group, tips, deepest); });
    for (;;) {
      var parent = groups.map(function (_, i) { return i; });
      var root = function (i) { while (parent[i] !== i) i = parent[i]; return i; };
      var merged = false;
      for (var a = 0; a < layouts.length; a++) {
        for (var b = a + 1; b < layouts.length; b++) {
          if (layouts[a].centre.distanceTo(layouts[b].centre) >= layouts[a].reach + layouts[b].reach + GAP) continue;
          var ra = root(a), rb = root(b);
          if (ra !== rb) { parent[Math.max(ra, rb)] = Math.min(ra, rb); merged = true; }
        }
      }
      if (!merged) return layouts;
      var byRoot = {};
      groups.forEach(function (group, i) { byRoot[root(i)] = (byRoot[root(i)] || []).concat(group); });
      groups = Object.keys(byRoot).map(function (key) { return byRoot[key].sort(function (x, y) { return x - y; }); });
      layouts = groups.map(function (group) { return layout(group, tips, deepest); });
    }
  }

  function spread() {
    if (map.getZoom() === undefined) return;  // before the first fit
    clusters.clearLayers();
    leaders.clearLayers();
    var zoom = map.getZoom();
    var places = shown.map(function (pin) { return L.latLng(pin.lat, pin.lon); });
    var tips = places.map(function (place) { return map.project(place, zoom); });
    placement(tips, zoom >= map.getMaxZoom()).forEach(function (group) {
      if (group.cluster) {
        var marker = L.marker(map.unproject(besidePerson(group.centre, zoom), zoom), {icon: clusterIcon(group.members.length)});
        marker.nearbyMembers = group.members.map(function (i) { return pinTitle(shown[i]); });
        marker.on('click', function () { open(group.members.map(function (i) { return places[i]; })); });
        group.members.forEach(function (i) {
          pins.removeLayer(markers[i]);
          L.circleMarker(places[i], {radius: 2.5, stroke: false, fillColor: '#1d3b2a', fillOpacity: 1, interactive: false}).addTo(leaders);
        });
        clusters.addLayer(marker);
        return;
      }
      group.members.forEach(function (i, k) {
        var at = group.heads[k].add(L.point(0, STEM)), tip = map.unproject(at, zoom);
        if (at.distanceTo(tips[i]) > 0.5) {
          L.polyline([places[i], tip], {color: '#1d3b2a', weight: 1.5, interactive: false}).addTo(leaders);
          L.circleMarker(places[i], {radius: 3, color: '#fff', weight: 1, fillColor: '#1d3b2a', fillOpacity: 1, interactive: false})
            .addTo(leaders);
        }
        markers[i].setLatLng(tip);
        pins.addLayer(markers[i]);
      });
    });
  }
  map.on('zoomend', spread);

  // The person's dot is drawn over clusters; one on the person's spot (the
  // home page's nearest places, seen from afar) stands just beside it, where
  // its count can be read.
  function besidePerson(centre, zoom) {
    if (view.lat == null) return centre;
    var person = map.project([view.lat, view.lon], zoom), away = centre.subtract(person), clear = CLUSTER + 14;
    var length = away.distanceTo(L.point(0, 0));
    if (length >= clear) return centre;
    return length < 0.5 ? person.subtract(L.point(0, clear)) : person.add(away.multiplyBy(clear / length));
  }

  function pinTitle(pin) {
    return (pin.number == null ? '' : 'Pin ' + pin.number + ': ') + pin.name;
  }

  // A cluster opens to the zoom that holds its places; places on one spot open at the deepest zoom, on a ring.
  function open(places) {
    var zoom = Math.min(map.getBoundsZoom(L.latLngBounds(places), false, L.point(96, 96)), map.getMaxZoom());
    map.setView(L.latLngBounds(places).getCenter(), Math.max(zoom, map.getZoom() + 1));
  }

  // The places and the person in view, or the circle when there is no place.
  // A detail page shows the person beside its place only where main streets
  // are still named (zoom 14, as the static map); farther, the place alone
  // and an arrow at the edge the person's way.
  function fit(view) {
    var points = view.pins.map(function (pin) { return [pin.lat, pin.lon]; });
    if (view.lat != null) points.push([view.lat, view.lon]);
    if (!listing && points.length === 2 &&
        map.getBoundsZoom(L.latLngBounds(points), false, L.point(32, 44)) < Math.min(14, layer.maxZoom)) {
      map.setView(points[0], Math.min(16, layer.maxZoom));
      return;
    }
    var bounds = points.length > 1 ? L.latLngBounds(points)
      : view.radius && view.lat != null ? L.latLng(view.lat, view.lon).toBounds(view.radius * 2) : null;
    // Room above each place for its pin's head.
    if (bounds) map.fitBounds(bounds, {paddingTopLeft: [16, 36], paddingBottomRight: [16, 8], maxZoom: Math.min(17, layer.maxZoom)});
    else if (points.length) map.setView(points[0], Math.min(17, layer.maxZoom));
    var reach = held ? L.latLngBounds(held.getSouthWest(), held.getNorthEast()) : null;
    if (reach) {
      points.forEach(function (point) { reach.extend(point); });
      map.setMaxBounds(reach.pad(0.25));
    }
  }

  // The person off the map: an arrow on the edge, on the line from the
  // middle to them, pointing their way.
  var arrow = L.DomUtil.create('div', 'person-arrow', box);
  arrow.setAttribute('aria-hidden', 'true');
  function pointToPerson() {
    var size = map.getSize(), inset = 18;
    var person = view.lat == null ? null : map.latLngToContainerPoint([view.lat, view.lon]);
    arrow.hidden = !person || (person.x >= 0 && person.y >= 0 && person.x <= size.x && person.y <= size.y);
    if (arrow.hidden) return;
    var dx = person.x - size.x / 2, dy = person.y - size.y / 2;
    var reach = Math.max(Math.abs(dx) / (size.x / 2 - inset), Math.abs(dy) / (size.y / 2 - inset));
    arrow.style.left = (size.x / 2 + dx / reach) + 'px';
    arrow.style.top = (size.y / 2 + dy / reach) + 'px';
    arrow.style.transform = 'translate(-50%, -50%) rotate(' + Math.atan2(dy, dx) + 'rad)';
    arrow.title = 'You are this way';
  }
  map.on('move zoom resize', pointToPerson);

  draw(view);
  fit(view);
  spread();
  pointToPerson();
  if (!listing) return;

  // "Search this area": offered once the map's middle is a quarter of its
  // width from where the rows were searched, or done at once when the person
  // has ticked "Search as the map moves" (kept in localStorage). The rows come
  // from the server (`part=results`), the address bar keeps the new address.
  var button, follow, fitting = false;
  var control = L.control({position: 'topright'});
  control.onAdd = function () {
    var box = L.DomUtil.create('div', 'search-area-control');
    button = L.DomUtil.create('button', 'search-area', box);
    button.type = 'button';
    button.textContent = 'Search this area';
    button.hidden = true;
    button.addEventListener('click', searchHere);
    var label = L.DomUtil.create('label', 'follow-map', box);
    follow = L.DomUtil.create('input', '', label);
    follow.type = 'checkbox';
    follow.checked = stored() === 'yes';
    label.appendChild(document.createTextNode(' Search as the map moves'));
    follow.addEventListener('change', function () {
      try { localStorage.setItem('nearby.followMap', follow.checked ? 'yes' : 'no'); } catch (e) { /* private mode */ }
      if (follow.checked && !button.hidden) searchHere();
    });
    L.DomEvent.disableClickPropagation(box);
    return box;
  };
  control.addTo(map);
  map.on('moveend', function () {
    // A move the page made (fitting the rows after back or forward) is not the person's.
    if (fitting) { fitting = false; return; }
    var size = map.getSize();
    var width = map.distance(map.containerPointToLatLng([0, size.y / 2]), map.containerPointToLatLng([size.x, size.y / 2]));
    button.hidden = view.lat == null || map.getCenter().distanceTo([view.lat, view.lon]) < width / 4;
    if (!button.hidden && follow.checked && !button.disabled) searchHere();
  });

  function stored() {
    try { return localStorage.getItem('nearby.followMap'); } catch (e) { return null; }
  }

  function searchHere() {
    var centre = map.getCenter().wrap(), address = new URL(location.href);
    address.searchParams.set('lat', centre.lat.toFixed(7));
    address.searchParams.set('lon', centre.lng.toFixed(7));
    ['map.x', 'map.y', 'view', 'part'].forEach(function (name) { address.searchParams.delete(name); });
    show(address, true);
  }

  function show(address, push) {
    var part = new URL(address.href);
    part.searchParams.set('part', 'results');
    button.disabled = true;
    fetch(part.href, {headers: {Accept: 'text/html'}})
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        var parsed = new DOMParser().parseFromString(html, 'text/html').getElementById('listing');
        if (!parsed || !parsed.dataset.view) throw new Error('no rows');
        var fresh = document.importNode(parsed, true);
        listing.replaceWith(fresh);
        listing = fresh;
        view = JSON.parse(fresh.dataset.view);
        carry(view);
        draw(view);
        tiles.redraw();
        if (push) {
          history.pushState(null, '', address.href);
        } else {
          fitting = true;
          fit(view);
        }
        button.hidden = true;
        button.disabled = false;
      })
      .catch(function () { location.assign(address.href); });
  }

  // The forms and links around the rows carry the new position, as the server would have written them.
  function carry(view) {
    if (view.lat == null) return;
    var lat = view.lat.toFixed(7), lon = view.lon.toFixed(7);
    document.querySelectorAll('form').forEach(function (form) {
      [['lat', lat], ['lon', lon]].forEach(function (pair) {
        var field = form.elements[pair[0]];
        if (!field) {
          field = document.createElement('input');
          field.type = 'hidden';
          field.name = pair[0];
          form.appendChild(field);
        }
        field.value = pair[1];
      });
    });
    document.querySelectorAll('header a[href^="/"], main > p > a[href^="/"]').forEach(function (link) {
      var target = new URL(link.href);
      target.searchParams.set('lat', lat);
      target.searchParams.set('lon', lon);
      link.href = target.pathname + target.search;
    });
  }

  window.addEventListener('popstate', function () { show(new URL(location.href), false); });
})();
