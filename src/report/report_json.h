/* report_json: the JSON report of rtgpu-analyze and the keys that open every JSON document of the tools (docs/report.md). */
#ifndef RT_REPORT_JSON_H
#define RT_REPORT_JSON_H

#include <stdio.h>
#include "report/report.h"
#include "util/jw.h"

/* JSON report, schema version 2, streamed to out as it is built (util/jw.h): nothing is
 * allocated. Returns 0, or -1 on a write error. */
int report_json(const rt_report *r, FILE *out);

/* The first keys of every rtgpu-analyze JSON document ("schema": the document's own format
 * version, "tool", "inputs": both files' paths and SHA-256) into the object w has open; the report
 * (schema 2) and --emit-partitions json (schema 1) share it. */
void report_json_head(jw *w, int schema, const char *tool_version, const rt_taskset *ts,
                      const rt_gpu *gpu);

/* The keys "schema" (schema) and "tool" {"name", "version"} that open every JSON document of the
 * tools, into the object w has open. */
void report_json_tool(jw *w, int schema, const char *name, const char *version);

/* The member key: an input file as {"path", "sha256"} (the 32 bytes of sha in hex). */
void report_json_input(jw *w, const char *key, const char *path, const unsigned char *sha);

/* The first keys of the rtgpu-explore split, coschedule and mct JSON documents: "schema" (2),
 * "tool" {"name", "version"} as in the others, "gpu_name" and "taskset_name". */
void report_json_explore_head(jw *w, const char *tool_version, const rt_taskset *ts,
                              const rt_gpu *gpu);

#endif
