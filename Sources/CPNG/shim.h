#include <png.h>
#include "write_deflated.h"
