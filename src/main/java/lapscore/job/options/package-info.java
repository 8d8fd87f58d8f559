/**
 * The options of the job's commands: one enum per command ({@code FitOption} for {@code fit},
 * {@code GenerateOption}, {@code BenchOption}, and {@code EvaluateOption}, which also takes the
 * fit options) that both the parser ({@code JobArguments}) and
 * {@code --help} read, and the options that set an estimator param, whose default and text come from
 * the param itself ({@code ParamFlags}). An option that several commands take is declared once and
 * named by the others: {@code --master} by {@code MasterUrl}, bench's data options by
 * {@code GenerateOption}, its search options by {@code FitOption}.
 */
package lapscore.job.options;
