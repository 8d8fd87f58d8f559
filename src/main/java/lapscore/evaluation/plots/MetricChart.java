package lapscore.evaluation.plots;

import java.awt.BasicStroke;
import java.awt.Canvas;
import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import lapscore.evaluation.EvaluationRow;
import lapscore.evaluation.Experiment;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart (PNG, drawn by XChart without a display) of one metric against the number of
 * features m: one line per selector, and the {@code all} baseline, which has a single m (every
 * feature), as a flat dashed line across the whole range, as in He, Cai and Niyogi ("Laplacian
 * Score for Feature Selection", NIPS 2005), Figure 2.
 *
 * <p>The evaluated numbers of features sit at evenly spaced ticks, each labelled with its m: for the
 * default counts (1, 2, 4, ... and d) that is a logarithmic axis on which every m can be read, which
 * XChart's own logarithmic axis does not give (it labels only the powers of ten). Selectors often
 * score alike (every selector picks the same single best feature of iris), so the points of one m
 * are spread a little around its tick, one selector beside the other, each with its own marker:
 * no line hides another. The baseline is drawn last, so it stays on top.
 */
public final class MetricChart {

    /** Colours of the lines in order (the baseline first), far enough apart to tell six lines apart. */
    static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x9467bd), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x111111), new Color(0x8c564b), new Color(0xe377c2)};

    /** Markers of the selectors in order, each shape distinct. */
    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS};

    /** How far apart, in tick spacings, the points of two selectors at one m are drawn. */
    static final double SPREAD = 0.14;

    private MetricChart() {
    }

    /** The PNG of {@code metric} of {@code rows}, titled {@code title}, y axis from 0 to 1. */
    public static byte[] png(List<EvaluationRow> rows, ToDoubleFunction<EvaluationRow> metric, String title) throws IOException {
        return BitmapEncoder.getBitmapBytes(chart(rows, metric, title), BitmapEncoder.BitmapFormat.PNG);
    }

    /** The chart {@link #png} draws. */
    static LabelledChart chart(List<EvaluationRow> rows, ToDoubleFunction<EvaluationRow> metric, String title) {
        System.setProperty("java.awt.headless", "true");
        Map<String, List<EvaluationRow>> bySelector = new LinkedHashMap<>();
        for (EvaluationRow row : rows) {
            bySelector.computeIfAbsent(row.selector(), name -> new ArrayList<>()).add(row);
        }
        List<EvaluationRow> baseline = bySelector.remove(Experiment.BASELINE);
        int[] counts = rows.stream().filter(row -> !row.selector().equals(Experiment.BASELINE))
                .mapToInt(EvaluationRow::numFeatures).distinct().sorted().toArray();
        if (counts.length == 0 && baseline != null) {
            counts = new int[]{baseline.get(0).numFeatures()};
        }
        int[] evaluated = counts;
        LabelledChart chart = new LabelledChart(title, evaluated);
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0).setMarkerSize(9)
                .setLegendPosition(Styler.LegendPosition.OutsideE);
        double half = SPREAD * Math.max(1, bySelector.size() - 1) / 2 + SPREAD;
        int line = 0;
        for (Map.Entry<String, List<EvaluationRow>> selector : bySelector.entrySet()) {
            double shift = SPREAD * line - SPREAD * (bySelector.size() - 1) / 2.0;
            List<EvaluationRow> points = selector.getValue();
            double[] x = points.stream().mapToDouble(row -> position(row.numFeatures(), evaluated) + shift).toArray();
            XYSeries series = chart.addSeries(selector.getKey(), x, points.stream().mapToDouble(metric).toArray());
            Color colour = COLOURS[(line + 1) % COLOURS.length];
            series.setMarker(MARKERS[line % MARKERS.length]).setMarkerColor(colour);
            series.setLineColor(colour);
            line++;
        }
        if (baseline != null) {
            double value = metric.applyAsDouble(baseline.get(0));
            XYSeries series = chart.addSeries(Experiment.BASELINE + " (" + baseline.get(0).numFeatures() + " features)",
                    new double[]{-half, evaluated.length - 1 + half}, new double[]{value, value});
            series.setMarker(SeriesMarkers.NONE).setLineColor(COLOURS[0]).setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 10f, new float[]{8f, 5f}, 0f));
        }
        return chart;
    }

    /** Where m is drawn: its place among the evaluated counts. */
    private static double position(int m, int[] evaluated) {
        for (int at = 0; at < evaluated.length; at++) {
            if (evaluated[at] == m) {
                return at;
            }
        }
        throw new IllegalArgumentException("m = " + m + " is not among the evaluated counts");
    }

    /** One labelled tick of the m axis as drawn: its text, its centre and width in pixels. */
    record Tick(String label, double x, double width) {
    }

    /**
     * An {@link XYChart} whose m axis has a labelled tick at every evaluated count, drawn here in the
     * room left above the axis title (XChart's tick calculator chooses round numbers, or none, for
     * positions like these), and that tells what it drew. The y axis needs no title: the chart's
     * title names the metric.
     */
    static final class LabelledChart extends XYChart {

        private final int[] evaluated;
        private final List<Tick> ticks = new ArrayList<>();

        LabelledChart(String title, int[] evaluated) {
            super(Math.max(800, 300 + evaluated.length * (16 + 8 * Integer.toString(evaluated[evaluated.length - 1]).length())),
                    500);
            this.evaluated = evaluated;
            setTitle(title);
            setXAxisTitle("number of features m");
            getStyler().setYAxisTitleVisible(false).setxAxisTickLabelsFormattingFunction(position -> "");
            FontMetrics label = new Canvas().getFontMetrics(getStyler().getAxisTickLabelsFont());
            getStyler().setAxisTitlePadding(getStyler().getAxisTickMarkLength() + 2 * getStyler().getAxisTickPadding()
                    + label.getHeight());
        }

        @Override
        public void paint(Graphics2D graphics, int width, int height) {
            super.paint(graphics, width, height);
            Rectangle2D strip = axisPair.getXAxis().getBounds();
            graphics.setFont(getStyler().getAxisTickLabelsFont());
            graphics.setColor(getStyler().getAxisTickLabelsColor());
            FontMetrics metrics = graphics.getFontMetrics();
            int markLength = getStyler().getAxisTickMarkLength();
            double baseline = strip.getY() + markLength + getStyler().getAxisTickPadding() + metrics.getAscent();
            ticks.clear();
            for (int at = 0; at < evaluated.length; at++) {
                String label = Integer.toString(evaluated[at]);
                double x = getScreenXFromChart(at);
                double labelWidth = metrics.stringWidth(label);
                graphics.draw(new Line2D.Double(x, strip.getY(), x, strip.getY() + markLength));
                graphics.drawString(label, (float) (x - labelWidth / 2), (float) baseline);
                ticks.add(new Tick(label, x, labelWidth));
            }
        }

        /** The m axis's ticks, left to right, as last drawn. */
        List<Tick> ticks() {
            return List.copyOf(ticks);
        }
    }
}
