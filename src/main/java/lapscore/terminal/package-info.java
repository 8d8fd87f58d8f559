/**
 * The command line's live view of a fit, for a terminal (tools wing): the progress line of the
 * running Spark stages ({@link lapscore.terminal.LiveProgress}, {@link lapscore.terminal.RunningStages},
 * {@link lapscore.terminal.ProgressLine}), the most rows a task held
 * ({@link lapscore.terminal.TaskRowsListener}), and the listeners' lifetime
 * ({@link lapscore.terminal.ListenerScope}). It reads the step names and counters the library
 * publishes ({@code lapscore.progress}); nothing in the library depends on it.
 */
package lapscore.terminal;
