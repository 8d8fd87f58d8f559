/**
 * The command-line job ({@code bin/lapscore fit …} or {@code spark-submit --class
 * lapscore.job.LapScoreJob}): read CSV, Parquet or LibSVM, fit the selector, print and
 * write the ranked features, the reduced data, the edge list and the model; {@code evaluate}
 * compares the selectors by clustering and 1-NN accuracy ({@code lapscore.evaluation}).
 */
package lapscore.job;
