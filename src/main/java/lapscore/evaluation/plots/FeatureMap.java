package lapscore.evaluation.plots;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * The features of image data drawn in the image domain, as in He, Cai and Niyogi ("Laplacian Score
 * for Feature Selection", NIPS 2005), Figure 3: "the brightness of the pixels indicates their
 * importance". Feature f is the pixel at row {@code f / width}, column {@code f % width} (row-major,
 * as the digits' {@code p<row>_<column>} columns are). Brightness is by rank, not by score value, so
 * that scores of either direction (smaller-is-better Laplacian, larger-is-better Fisher) and of any
 * scale draw alike: the best feature of the {@code order} is white, the last one offered dark
 * grey, and a feature not offered (a constant one, or one removed as redundant) black.
 *
 * <p>Drawn with plain {@code java.awt} and {@code ImageIO} (headless): one square cell per pixel
 * under a title line, which is simpler and more exact than a chart library's heat map with axes.
 */
public final class FeatureMap {

    private static final int CELL = 32;
    private static final int TITLE_HEIGHT = 24;

    private FeatureMap() {
    }

    /** The PNG of the features {@code order} (best first) on a {@code height x width} grid, titled {@code title}. */
    public static byte[] png(int[] order, int height, int width, String title) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int imageWidth = Math.max(width * CELL, 8 * title.length());
        BufferedImage image = new BufferedImage(imageWidth, TITLE_HEIGHT + height * CELL, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, imageWidth, TITLE_HEIGHT);
        graphics.setColor(Color.BLACK);
        graphics.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        graphics.drawString(title, 4, TITLE_HEIGHT - 7);
        graphics.fillRect(0, TITLE_HEIGHT, imageWidth, height * CELL);
        for (int rank = 0; rank < order.length; rank++) {
            int brightness = 255 - (int) Math.round(215.0 * rank / Math.max(1, order.length - 1));
            graphics.setColor(new Color(brightness, brightness, brightness));
            int feature = order[rank];
            graphics.fillRect(feature % width * CELL, TITLE_HEIGHT + feature / width * CELL, CELL, CELL);
        }
        graphics.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        return png.toByteArray();
    }
}
