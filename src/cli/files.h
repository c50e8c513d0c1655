/* files: the run's files. Every input and output a command names is registered with the option
 * that names it; one check then refuses a run where an output is an input or another output
 * under any spelling (docs/report.md, Output safety). */
#ifndef RT_CLI_FILES_H
#define RT_CLI_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* One named file: opt is the option (or "the task set", "a result file"), path as given. */
typedef struct cli_file {
    const char *opt;
    const char *path;
    bool output;
} cli_file;

/* The files of one run; borrowed strings, the array owned; freed by cli_files_check. */
typedef struct cli_files {
    cli_file *v;
    size_t n, cap;
    bool oom;
} cli_files;

/* Register an input (read) or an output (written); a NULL path is no file and is skipped. */
void cli_files_add(cli_files *f, const char *opt, const char *path, bool output);
/* The one check, then free f's array: 0 when every output is its own file, not an input nor
 * another output (same device and inode for existing files; same resolved directory and name
 * for new ones); 2 after "PROG: error: ..." naming both; 3 after "out of memory". */
int cli_files_check(cli_files *f, const char *prog);

#endif
