/* filegate: the gate every input file passes before it is read further: a regular file, not
 * empty, at most 16 MiB, not gzip, not UTF-16, no NUL byte (the XML inputs through
 * taskset/xmlsafe.h, the measurements CSV directly), and for XML a linear pre-scan that caps the
 * attributes of one element. Failures are located diagnostics (docs/formats.md). */
#ifndef RT_FILEGATE_H
#define RT_FILEGATE_H

#include <stddef.h>

#include "util/diag.h"

/* Largest input file accepted, in bytes (16 MiB). */
#define FILEGATE_MAX_BYTES ((size_t)16 * 1024 * 1024)

/* Most attributes accepted on one element of an XML input (none of the schemas allows more
 * than a few dozen); filegate_check_attributes refuses a file with more before it is parsed. */
#define FILEGATE_MAX_ATTRIBUTES 256

/* Read path (a regular file, not empty, at most 16 MiB, not gzip, not UTF-16, no NUL byte) into
 * *out (caller frees) and its SHA-256 into sha256. Returns 0, or -1 (*out NULL) after recording
 * a located error in d. */
int filegate_read(const char *path, rt_diags *d, unsigned char **out, size_t *len,
                  unsigned char sha256[32]);
/* Scan the XML bytes buf[0, len) of path, in linear time, for a start tag with more than
 * FILEGATE_MAX_ATTRIBUTES attributes (libxml2 takes quadratic time on one). Returns 0, or -1
 * after recording the error at the tag's line in d. Malformed markup and a DOCTYPE pass: the
 * parser reports them. */
int filegate_check_attributes(const char *path, const unsigned char *buf, size_t len,
                              rt_diags *d);

#endif
