/* explore_conc: the block-level co-scheduling subcommands of rtgpu-explore (docs/concurrency.md
 * secs. 9 and 10): split, coschedule and mct. Each parses its options, loads and checks both
 * inputs, calls the library and writes its output whole; the work is in src/explore/ and
 * src/models/. */
#ifndef RT_CLI_EXPLORE_CONC_H
#define RT_CLI_EXPLORE_CONC_H

/* argv[0] is the subcommand's name. Each returns the exit status: 0 done, 2 bad usage or input
 * (after a message), 3 out of memory or a write failure. */
int cli_explore_conc_split(int argc, char **argv);
int cli_explore_conc_coschedule(int argc, char **argv);
int cli_explore_conc_mct(int argc, char **argv);

#endif
