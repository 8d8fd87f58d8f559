package lapscore.evaluation.plots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import lapscore.evaluation.EvaluationRow;
import lapscore.evaluation.Experiment;
import lapscore.evaluation.kmeans.Spread;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;

/**
 * The charts as a person reads them: every evaluated m is a labelled tick (read from the drawn chart's
 * axis), and when every selector scores alike, each one's colour is still on the rendered image.
 */
class MetricChartTest {

    private static final Spread NO_SPREAD = new Spread(0, 0);

    private static final List<String> SELECTORS = List.of("variance", "laplacian", "laplacian+su", "fisher", "lkr");

    /** The baseline at d, and every selector at every count with the same metric value: the lines coincide. */
    private static List<EvaluationRow> coinciding(int d, int... counts) {
        List<EvaluationRow> rows = new ArrayList<>(List.of(new EvaluationRow(Experiment.BASELINE, d, d, 0.7, 0.7, 0.7, NO_SPREAD, NO_SPREAD)));
        for (String selector : SELECTORS) {
            for (int m : counts) {
                rows.add(new EvaluationRow(selector, m, m, 0.5, 0.5, 0.5, NO_SPREAD, NO_SPREAD));
            }
        }
        return rows;
    }

    /**
     * The labels of the m axis's ticks of the chart of {@code rows}, checked to be drawn: left to right,
     * none overlapping the next, and ink on the rendered image under each tick.
     */
    private static List<String> tickLabels(List<EvaluationRow> rows) {
        MetricChart.LabelledChart chart = MetricChart.chart(rows, EvaluationRow::accuracy, "clustering accuracy");
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        List<MetricChart.Tick> ticks = chart.ticks();
        for (int at = 0; at < ticks.size(); at++) {
            MetricChart.Tick tick = ticks.get(at);
            if (at > 0) {
                MetricChart.Tick left = ticks.get(at - 1);
                assertTrue(tick.x() - left.x() > (tick.width() + left.width()) / 2 + 4, left + " and " + tick + " overlap");
            }
            assertTrue(inkBelowThePlot(image, tick), tick + " is not on the image");
        }
        return ticks.stream().map(MetricChart.Tick::label).toList();
    }

    /** Whether the column band of {@code tick}'s label holds dark pixels between the plot and the axis title. */
    private static boolean inkBelowThePlot(BufferedImage image, MetricChart.Tick tick) {
        int from = (int) (tick.x() - tick.width() / 2);
        int to = (int) Math.ceil(tick.x() + tick.width() / 2);
        int dark = 0;
        for (int x = Math.max(0, from); x <= Math.min(image.getWidth() - 1, to); x++) {
            for (int y = image.getHeight() - 40; y < image.getHeight() - 20; y++) {
                Color pixel = new Color(image.getRGB(x, y));
                dark += pixel.getRed() + pixel.getGreen() + pixel.getBlue() < 200 ? 1 : 0;
            }
        }
        return dark >= 5;
    }

    @Test
    void everyEvaluatedNumberOfFeaturesIsALabelledTick() {
        assertEquals(List.of("1", "2", "4", "8", "16", "32", "64"), tickLabels(coinciding(64, 1, 2, 4, 8, 16, 32, 64)));
        assertEquals(List.of("1", "2", "3", "4"), tickLabels(coinciding(4, 1, 2, 3, 4)));
        assertEquals(List.of("4"), tickLabels(coinciding(4, 4)));
        assertEquals(List.of("3", "5", "100"), tickLabels(coinciding(100, 3, 5, 100)));
        int[] wide = IntStream.concat(IntStream.range(0, 17).map(power -> 1 << power), IntStream.of(100_000)).toArray();
        assertEquals(Arrays.stream(wide).mapToObj(Integer::toString).toList(), tickLabels(coinciding(100_000, wide)));
    }

    /**
     * Every selector scores alike at every m: each one's colour still covers at least 12 pixels at
     * each of its 7 points on the plot (the legend, right of the last tick, not counted), and the
     * dashed baseline's at least a third of its length across the plot.
     */
    @Test
    void coincidingLinesAllStayVisible() {
        MetricChart.LabelledChart chart = MetricChart.chart(coinciding(64, 1, 2, 4, 8, 16, 32, 64), EvaluationRow::accuracy,
                "clustering accuracy");
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        List<MetricChart.Tick> ticks = chart.ticks();
        int plotLeft = (int) ticks.get(0).x() - 30;
        int plotRight = (int) ticks.get(ticks.size() - 1).x() + 30;
        for (int series = 0; series <= SELECTORS.size(); series++) {
            int rgb = MetricChart.COLOURS[series].getRGB() & 0xffffff;
            long pixels = IntStream.range(plotLeft, plotRight).boxed().flatMap(x -> IntStream.range(0, image.getHeight())
                    .mapToObj(y -> image.getRGB(x, y) & 0xffffff)).filter(pixel -> pixel == rgb).count();
            String name = series == 0 ? "the baseline" : SELECTORS.get(series - 1);
            long least = series == 0 ? (plotRight - plotLeft) / 3 : 7 * 12;
            assertTrue(pixels >= least, name + ": " + pixels + " pixels of its colour on the plot, fewer than " + least);
        }
    }
}
