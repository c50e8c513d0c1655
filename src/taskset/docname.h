/* docname: the name of an input file's root element, for the loaders (it sees libxml2). */
#ifndef RT_DOCNAME_H
#define RT_DOCNAME_H

#include <stdbool.h>

#include "taskset/xmlattr.h"

/* Into *out (caller frees): root at's name attribute (xmlattr_get_name), else path's base name
 * without ".xml"; false only when out of memory for the latter (nothing recorded). */
bool docname_read(const xmlattr_at *at, const char *path, char **out);

#endif
