/* jw: a streaming JSON writer. Values go to a FILE as they are written, so no tree is held in
 * memory; the layout, the string escapes and the number formats are jansson's (JSON_INDENT(n), or
 * JSON_COMPACT, with JSON_REAL_PRECISION(17)), so a stream reads exactly like json_dumps of the
 * same tree. Writers open and close containers in order; jw_finish says whether all went out. */
#ifndef RT_JW_H
#define RT_JW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/strbuf.h"

#define JW_MAX_DEPTH 32

/* The writer's state; plain record on the caller's stack, nothing to free. */
typedef struct jw {
    FILE *out;                    /* borrowed */
    int indent;                   /* spaces per level; 0: compact (no spaces, no newlines) */
    int depth;                    /* containers open */
    bool after_key;               /* a key was written, its value comes next */
    bool failed;                  /* misuse (unbalanced, too deep) or a value not written */
    bool first[JW_MAX_DEPTH + 1]; /* nothing written yet in the container at this depth */
} jw;

/* Start a stream to out: indent spaces per level (jansson's JSON_INDENT(indent)), or compact. */
void jw_init(jw *w, FILE *out, int indent);
/* Containers: begin writes the opening bracket (as a value), end the closing one. */
void jw_object_begin(jw *w);
void jw_object_end(jw *w);
void jw_array_begin(jw *w);
void jw_array_end(jw *w);
/* The key of the next member of the open object. */
void jw_key(jw *w, const char *key);
/* Values: a string (NULL writes null; invalid UTF-8 is written as U+FFFD), an integer, a real
 * (%.17g, ".0" added to a whole number; NaN and infinities write null), a boolean, null. */
void jw_str(jw *w, const char *s);
void jw_int(jw *w, int64_t x);
void jw_real(jw *w, double x);
void jw_bool(jw *w, bool b);
void jw_null(jw *w);
/* Members: the key, then the value. */
void jw_kstr(jw *w, const char *key, const char *s);
void jw_kint(jw *w, const char *key, int64_t x);
void jw_kreal(jw *w, const char *key, double x);
void jw_kbool(jw *w, const char *key, bool b);
void jw_knull(jw *w, const char *key);
/* jansson's text of the real x with 17 significant digits into buf (at least 32 bytes): what
 * jw_real writes for a finite x. */
void jw_fmt_real(double x, char *buf, size_t size);
/* The JSON text of the string s (quoted, escaped exactly as jw_str writes it) appended to b: for
 * a JSON line built in memory. */
void jw_str_buf(strbuf *b, const char *s);
/* 0 when every container was closed and every byte reached the FILE without an error, else -1.
 * Writes nothing; the caller flushes. */
int jw_finish(const jw *w);

#endif
