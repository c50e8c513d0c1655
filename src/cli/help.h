/* help: the --help texts of the commands, printed by cli_args_print_help (cli/args.h). */
#ifndef RT_CLI_HELP_H
#define RT_CLI_HELP_H

#include <stdio.h>

/* Print rtgpu-analyze's --help text to out. */
void help_analyze(FILE *out);
/* Print rtgpu-simulate's --help text to out. */
void help_simulate(FILE *out);

#endif
