/// The tables of a nearby GeoPackage (OGC GeoPackage 1.2): the core tables
/// every GeoPackage has, one point feature table of places with the
/// `gpkg_rtree_index` extension, a name-search index (`SearchIndex`), the
/// address tables (`AddressTables`), and a table of
/// what the dataset is (attribution, licence, source, time zone, import
/// time), registered as attributes so that QGIS shows it too.
enum GeoPackageSchema {
    static let applicationID = Int32(0x4750_4B47)  // "GPKG"
    static let userVersion = Int32(10200)  // GeoPackage 1.2.0

    static let places = "places"
    static let rtree = "rtree_places_geom"
    static let dataset = "nearby_dataset"

    /// The places table's columns after `fid` and `geom`, in the order rows are written and read.
    static let placeColumns = [
        "id", "name", "category", "other_categories", "address", "opening_hours",
        "phone", "website", "cuisine", "image", "timezone", "tags", "address_components",
    ]

    /// Columns a store from before addresses were derived lacks; read as NULL.
    static let laterPlaceColumns: Set<String> = ["address_components"]

    static let core = """
        CREATE TABLE gpkg_spatial_ref_sys (
          srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
          organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
        INSERT INTO gpkg_spatial_ref_sys VALUES
          ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
          ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
          ('WGS 84 geodetic', 4326, 'EPSG', 4326,
           'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],'
             || 'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],'
             || 'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],'
             || 'AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]',
           'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
        CREATE TABLE gpkg_contents (
          table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
          description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
          CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
        CREATE TABLE gpkg_geometry_columns (
          table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
          srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
          CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
          CONSTRAINT uk_gc_table_name UNIQUE (table_name),
          CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
          CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
        CREATE TABLE gpkg_extensions (
          table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL, definition TEXT NOT NULL, scope TEXT NOT NULL,
          CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name));
        """

    static let tables = """
        CREATE TABLE places (
          fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
          geom POINT NOT NULL,
          id TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          category TEXT NOT NULL,
          other_categories TEXT,
          address TEXT, opening_hours TEXT, phone TEXT, website TEXT, cuisine TEXT, image TEXT, timezone TEXT,
          tags TEXT,
          address_components TEXT);
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
          VALUES ('places', 'features', 'places', 'Named places from OpenStreetMap, © OpenStreetMap contributors (ODbL)', 4326);
        INSERT INTO gpkg_geometry_columns VALUES ('places', 'geom', 'POINT', 4326, 0, 0);
        CREATE VIRTUAL TABLE rtree_places_geom USING rtree(id, minx, maxx, miny, maxy);
        INSERT INTO gpkg_extensions VALUES
          ('places', 'geom', 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
        CREATE TABLE nearby_dataset (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO gpkg_contents (table_name, data_type, identifier, description)
          VALUES ('nearby_dataset', 'attributes', 'nearby_dataset',
                  'What the places are: attribution, licence, source extract, time zone, import time');
        """

    /// The places table's extent in `gpkg_contents`, from its R*Tree.
    static let extent = """
        UPDATE gpkg_contents SET (min_x, max_x, min_y, max_y) =
          (SELECT min(minx), max(maxx), min(miny), max(maxy) FROM rtree_places_geom)
        WHERE table_name = 'places';
        """

    /// The triggers of `indexes`.
    static let triggers = ["insert", "update1", "update2", "update3", "update4", "delete"].map { "rtree_places_geom_\($0)" }

    /// Made after the bulk load, to keep the R*Tree right for whoever edits
    /// the table afterwards (QGIS, GDAL): the extension's own triggers
    /// (GeoPackage 1.2, F.3), which call the ST_ functions an editing
    /// application provides. The name-search index holds words folded by
    /// nearby, which SQL cannot fold: an edit outside nearby is not seen by
    /// name search until the next import (nor can it make a wrong answer:
    /// every candidate is checked against its row).
    static let indexes = """
        CREATE TRIGGER rtree_places_geom_insert AFTER INSERT ON places
          WHEN (new.geom NOT NULL AND NOT ST_IsEmpty(NEW.geom))
          BEGIN INSERT OR REPLACE INTO rtree_places_geom VALUES
            (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
        CREATE TRIGGER rtree_places_geom_update1 AFTER UPDATE OF geom ON places
          WHEN OLD.fid = NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
          BEGIN INSERT OR REPLACE INTO rtree_places_geom VALUES
            (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
        CREATE TRIGGER rtree_places_geom_update2 AFTER UPDATE OF geom ON places
          WHEN OLD.fid = NEW.fid AND (NEW.geom IS NULL OR ST_IsEmpty(NEW.geom))
          BEGIN DELETE FROM rtree_places_geom WHERE id = OLD.fid; END;
        CREATE TRIGGER rtree_places_geom_update3 AFTER UPDATE ON places
          WHEN OLD.fid != NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
          BEGIN DELETE FROM rtree_places_geom WHERE id = OLD.fid; INSERT OR REPLACE INTO rtree_places_geom VALUES
            (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
        CREATE TRIGGER rtree_places_geom_update4 AFTER UPDATE ON places
          WHEN OLD.fid != NEW.fid AND (NEW.geom IS NULL OR ST_IsEmpty(NEW.geom))
          BEGIN DELETE FROM rtree_places_geom WHERE id IN (OLD.fid, NEW.fid); END;
        CREATE TRIGGER rtree_places_geom_delete AFTER DELETE ON places
          WHEN old.geom NOT NULL
          BEGIN DELETE FROM rtree_places_geom WHERE id = OLD.fid; END;
        """
}
