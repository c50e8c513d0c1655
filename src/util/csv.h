/* csv: the one CSV field escape (RFC 4180 quoting; each control character, below 0x20 and
 * 0x7f, as \xHH like every text output, so that a record is one line). */
#ifndef RT_CSV_H
#define RT_CSV_H

#include <stdbool.h>
#include <stdio.h>

#include "util/strbuf.h"

/* True when s must be quoted: it holds a comma, a double quote or a control character. */
bool csv_needs_quotes(const char *s);
/* The inside of a quoted field: s with each double quote doubled and each control character as
 * \xHH, appended to b / written to out (0, or EOF on a write error). */
void csv_body(strbuf *b, const char *s);
int csv_body_fputs(const char *s, FILE *out);
/* s as one field appended to b: as it is, or quoted (csv_body between quotes) when it must be. */
void csv_field(strbuf *b, const char *s);

#endif
