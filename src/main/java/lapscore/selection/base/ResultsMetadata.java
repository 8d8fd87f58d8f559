package lapscore.selection.base;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;

import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;

/**
 * A fitted model's results as Spark column metadata, for clients that read only DataFrames: a Spark
 * Connect client gets a model's results no other way, since the server answers attribute calls only
 * for Spark's own classes ({@code ALLOWED_ATTRIBUTES} in Spark Connect's {@code MLUtils.scala}). With
 * {@code attachResults} set, {@code transform} attaches under the key {@value #KEY} of its output
 * column: {@code scores} (input order, NaN for no score), {@code featureRanking} (best first),
 * {@code selectedFeatures} (ascending), {@code redundantWith}, {@code redundancy}, {@code numUnscoredFeatures} and
 * {@code unscoredReason} (as the model's methods of those names give them), and {@code summary}, one entry per component of
 * {@link FitSummary}.
 */
public final class ResultsMetadata {

    /** The metadata key of the results. */
    public static final String KEY = "lapscore";

    private ResultsMetadata() {
    }

    /** {@code field} with {@code model}'s results added to its metadata. */
    static StructField attach(StructField field, FeatureSelectorModel<?> model) {
        Metadata results = new MetadataBuilder()
                .putDoubleArray("scores", model.scores())
                .putLongArray("featureRanking", longs(model.featureRanking()))
                .putLongArray("selectedFeatures", longs(model.selectedFeatures()))
                .putLongArray("redundantWith", longs(model.redundantWith()))
                .putDoubleArray("redundancy", model.redundancy())
                .putLong("numUnscoredFeatures", model.numUnscoredFeatures())
                .putString("unscoredReason", model.unscoredReason())
                .putMetadata("summary", summary(model.summary()))
                .build();
        Metadata metadata = new MetadataBuilder().withMetadata(field.metadata()).putMetadata(KEY, results).build();
        return new StructField(field.name(), field.dataType(), field.nullable(), metadata);
    }

    private static long[] longs(int[] values) {
        return Arrays.stream(values).asLongStream().toArray();
    }

    private static Metadata summary(FitSummary summary) {
        MetadataBuilder builder = new MetadataBuilder();
        RecordComponent[] components = FitSummary.class.getRecordComponents();
        Object[] values = summary.componentValues();
        for (int c = 0; c < components.length; c++) {
            String name = components[c].getName();
            if (values[c] instanceof String text) {
                builder.putString(name, text);
            } else if (values[c] instanceof Double number) {
                builder.putDouble(name, number);
            } else {
                builder.putLong(name, ((Number) values[c]).longValue());
            }
        }
        return builder.build();
    }
}
