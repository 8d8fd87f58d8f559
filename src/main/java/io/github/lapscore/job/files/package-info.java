/**
 * What the job reads and writes: the input as a table the selector can fit ({@code InputTable}:
 * CSV, Parquet or LibSVM, with its columns checked and named as the user wrote them; a CSV's
 * columns typed from its first rows by {@code SampledCsv} and its features parsed from its lines by
 * {@code CsvLineVectors}) and the outputs: their paths checked before anything runs so that
 * nothing a user owns is overwritten ({@code OutputPaths}, comparing the files paths reach with
 * {@code ReachedPath}), each written under a hidden name and renamed into place when complete
 * ({@code StagedOutputs}), and removed when the run is interrupted ({@code Interruption}); Spark's
 * failures on files are said in one line ({@code JobErrors}).
 */
package io.github.lapscore.job.files;
