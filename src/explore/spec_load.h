/* spec_load: read a sweep file into an xp_spec record and check every value. */
#ifndef RT_XP_SPEC_LOAD_H
#define RT_XP_SPEC_LOAD_H

#include "explore/spec.h"

/* Read and check a sweep file and every input it names, all relative to the sweep file's
 * directory. NULL with located errors in d (every error found, up to d's cap). Caller frees. */
xp_spec *xp_spec_load(const char *path, rt_diags *d);

#endif
