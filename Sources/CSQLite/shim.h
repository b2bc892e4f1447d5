#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: these two settings
// are what a reader of files from outside needs (SQLite's "defense against
// dark arts"): no schema-defined function runs with trust, and no statement
// can corrupt the file on purpose.
static inline int nearby_sqlite3_defend(sqlite3 *db) {
    int status = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (status == SQLITE_OK) status = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    return status;
}
