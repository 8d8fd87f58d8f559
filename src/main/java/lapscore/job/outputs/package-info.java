/**
 * What the job writes, and the rules that keep a user's data safe: every output path is checked
 * before the input is read ({@code OutputPaths}, comparing the files paths reach with
 * {@code ReachedPath}: never the input, never through a link, never a folder the tool did not
 * write, never the working directory), each output is written under a hidden name and renamed into
 * place when complete ({@code StagedOutputs}), and the unfinished ones are removed when the run is
 * interrupted ({@code Interruption}).
 */
package lapscore.job.outputs;
