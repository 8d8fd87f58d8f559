package io.github.lapscore.evaluation.plots;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.github.lapscore.evaluation.EvaluationRow;
import io.github.lapscore.evaluation.Experiment;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart (PNG, drawn by XChart without a display) of one metric against the number of
 * features m: one line per selector, and the {@code all} baseline, which has a single m (every
 * feature), as a flat dashed line across the whole range, as in He, Cai and Niyogi ("Laplacian
 * Score for Feature Selection", NIPS 2005), Figure 2. The m axis is logarithmic when m spans more
 * than a factor of 10.
 */
public final class MetricChart {

    /** Colours of the lines in order (the baseline first), far enough apart to tell six lines apart. */
    private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x9467bd), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x111111), new Color(0x8c564b), new Color(0xe377c2)};

    private MetricChart() {
    }

    /** The PNG of {@code metric} of {@code rows}, titled {@code title}, y axis from 0 to 1. */
    public static byte[] png(List<EvaluationRow> rows, ToDoubleFunction<EvaluationRow> metric, String title) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Map<String, List<EvaluationRow>> bySelector = new LinkedHashMap<>();
        for (EvaluationRow row : rows) {
            bySelector.computeIfAbsent(row.selector(), name -> new ArrayList<>()).add(row);
        }
        int smallest = rows.stream().mapToInt(EvaluationRow::numFeatures).min().orElse(1);
        int largest = rows.stream().mapToInt(EvaluationRow::numFeatures).max().orElse(1);
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle("number of features m")
                .yAxisTitle(title).build();
        chart.getStyler().setSeriesColors(COLOURS);
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0).setXAxisLogarithmic(largest > 10 * smallest)
                .setXAxisDecimalPattern("0").setLegendPosition(Styler.LegendPosition.OutsideE);
        for (Map.Entry<String, List<EvaluationRow>> line : bySelector.entrySet()) {
            List<EvaluationRow> points = line.getValue();
            boolean baseline = points.size() == 1 && line.getKey().equals(Experiment.BASELINE);
            double[] m = baseline ? new double[]{smallest, largest} : points.stream().mapToDouble(EvaluationRow::numFeatures).toArray();
            double[] value = baseline ? new double[]{metric.applyAsDouble(points.get(0)), metric.applyAsDouble(points.get(0))}
                    : points.stream().mapToDouble(metric).toArray();
            XYSeries series = chart.addSeries(baseline ? Experiment.BASELINE + " (" + largest + " features)" : line.getKey(), m, value);
            if (baseline) {
                series.setMarker(SeriesMarkers.NONE).setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}
