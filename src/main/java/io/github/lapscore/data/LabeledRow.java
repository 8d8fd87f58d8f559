package io.github.lapscore.data;

import java.io.Serializable;

import org.apache.spark.ml.linalg.Vector;

/**
 * One input row as the scores read it: its feature vector (null for a null cell) and its class
 * label as a number (0 when the fit uses no label, NaN when the label cell is null or NaN).
 */
public record LabeledRow(Vector vector, double label) implements Serializable {
}
