/**
 * What the job reads: the input as a table the selector can fit ({@code InputTable}: CSV, Parquet
 * or LibSVM, with its columns checked and named as the user wrote them; a CSV's columns typed from
 * its first rows by {@code SampledCsv} and its features parsed from its lines by
 * {@code CsvLineVectors}; a CSV folder's stray files refused by {@code StrayFiles}); paths whose
 * scheme no file system on the class path reads are refused by {@code FileSystemSchemes}; Spark's
 * failures on files are said in one line ({@code JobErrors}). What the job writes is in
 * {@link lapscore.job.outputs}.
 */
package lapscore.job.files;
