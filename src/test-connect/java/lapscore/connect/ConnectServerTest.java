package lapscore.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;

import lapscore.selection.FisherScoreSelector;
import lapscore.selection.FisherScoreSelectorModel;
import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import lapscore.selection.LocalKernelRegressionSelector;
import lapscore.selection.LocalKernelRegressionSelectorModel;
import lapscore.selection.McfsSelector;
import lapscore.selection.McfsSelectorModel;
import lapscore.selection.SpecSelector;
import lapscore.selection.SpecSelectorModel;
import lapscore.selection.base.FeatureSelector;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.base.ResultsMetadata;
import lapscore.testkit.LabeledFrames;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.SparkException;
import org.apache.spark.connect.proto.CachedRemoteRelation;
import org.apache.spark.connect.proto.DataType;
import org.apache.spark.connect.proto.Expression;
import org.apache.spark.connect.proto.Fetch;
import org.apache.spark.connect.proto.MlCommand;
import org.apache.spark.connect.proto.MlCommandResult;
import org.apache.spark.connect.proto.MlOperator;
import org.apache.spark.connect.proto.MlParams;
import org.apache.spark.connect.proto.MlRelation;
import org.apache.spark.connect.proto.ObjectRef;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connect.common.DataTypeProtoConverter;
import org.apache.spark.sql.connect.common.LiteralValueProtoConverter;
import org.apache.spark.sql.connect.ml.MLHandler;
import org.apache.spark.sql.connect.service.SessionHolder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every estimator and model driven through Spark Connect's own ML command handler, in-process, as
 * Spark's {@code MLSuite} drives it ({@code sql/connect/server/src/test/scala/org/apache/spark/sql/connect/ml/}):
 * the commands a Connect client sends ({@code MlCommand} Fit, Write, Read and Fetch, and the
 * {@code MlRelation} Transform) are built as protocol messages, with params as literals, and handed
 * to {@code MLHandler} with a {@code SessionHolder} over the tests' session, without gRPC. The
 * handler finds our classes through {@code META-INF/services}, constructs them by uid, sets the
 * params, fits, caches the model, copies it before a transform, writes it and loads it back by
 * class name. What the model selects, and the results a client reads from the schema of a Transform
 * with {@code attachResults}, are checked against a plain Java fit of the same estimator with the
 * same params.
 *
 * <p>Runs on Spark 4.0 only ({@code ./mvnw -P connect40 test}): Maven Central has the server artifact
 * {@code spark-connect_2.13} for 4.0.x, not for 4.1, whose contract the server-free
 * {@code SparkConnectContractTest} checks. The handler sets a thread-local session holder that,
 * while set, lets Spark's readers load only the classes listed in services files; it is cleared
 * after each test so that nothing else on the thread inherits it.
 */
class ConnectServerTest {

    private static final int ROWS = 90;
    private static final int FEATURES = 5;
    private static final String OUTPUT = "kept";
    private static final String CACHED_FRAME = "connect-test-rows";

    private static SessionHolder holder;
    private static Dataset<Row> frame;

    /** One estimator: its classes and the params sent to the server and set on the reference alike. */
    record Case(Class<? extends FeatureSelector<?, ?>> estimatorClass, Class<? extends FeatureSelectorModel<?>> modelClass,
            Map<String, Object> params) {

        @Override
        public String toString() {
            return estimatorClass.getSimpleName() + " " + params;
        }
    }

    /** Params of every literal type the handler reconciles: int, long, double, boolean and string. */
    static Stream<Case> cases() {
        return Stream.of(
                new Case(LaplacianScoreSelector.class, LaplacianScoreSelectorModel.class,
                        params("numNeighbors", 8, "seed", 17L)),
                new Case(FisherScoreSelector.class, FisherScoreSelectorModel.class,
                        params("labelCol", LabeledFrames.LABEL)),
                new Case(LocalKernelRegressionSelector.class, LocalKernelRegressionSelectorModel.class,
                        params("lkrLambda", 0.5, "centerFeatures", true)),
                new Case(SpecSelector.class, SpecSelectorModel.class,
                        params("numNeighbors", 10, "numEigenvectors", 3)),
                new Case(McfsSelector.class, McfsSelectorModel.class,
                        params("numNeighbors", 10, "numEigenvectors", 3)));
    }

    /** {@code numTopFeatures = 2} and {@code outputCol}, then the given name and value pairs. */
    private static Map<String, Object> params(Object... pairs) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("numTopFeatures", 2);
        params.put("outputCol", OUTPUT);
        for (int i = 0; i < pairs.length; i += 2) {
            params.put((String) pairs[i], pairs[i + 1]);
        }
        return params;
    }

    @BeforeAll
    static void startSession() {
        org.apache.spark.sql.classic.SparkSession spark = (org.apache.spark.sql.classic.SparkSession) SparkTestSession.spark();
        holder = SessionHolder.apply("connect-test-user", UUID.randomUUID().toString(), spark);
        frame = labelledClusters();
        holder.cacheDataFrameById(CACHED_FRAME, frame);
    }

    @AfterEach
    void clearHandlerThreadLocal() {
        MLHandler.currentSessionHolder().remove();
    }

    @AfterAll
    static void clearCaches() {
        holder.mlCache().clear();
        holder.removeCachedDataFrame(CACHED_FRAME);
    }

    /**
     * 90 rows of 5 features in 3 overlapping Gaussian clusters, the label being the cluster: features
     * 0 and 2 carry the clusters, 1, 3 and 4 are noise of different spreads. The clusters overlap
     * enough for a 10-nearest-neighbour graph to be connected, which SPEC and MCFS need.
     */
    private static Dataset<Row> labelledClusters() {
        Random random = new Random(11);
        double[][] centres = {{-2.5, 0, 1.5, 0, 0}, {0, 0, -1.5, 0, 0}, {2.5, 0, 0.5, 0, 0}};
        double[] spreads = {1.0, 1.0, 0.8, 2.0, 0.5};
        double[][] rows = new double[ROWS][FEATURES];
        int[] classes = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            classes[i] = i % 3;
            for (int j = 0; j < FEATURES; j++) {
                rows[i][j] = centres[classes[i]][j] + spreads[j] * random.nextGaussian();
            }
        }
        return LabeledFrames.frame(rows, LabeledFrames.doubles(classes), DataTypes.DoubleType, 3);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void fitTransformWriteReadAndFetchThroughTheHandler(Case c, @TempDir Path dir) throws Exception {
        FeatureSelectorModel<?> reference = referenceFit(c);
        int[] expected = reference.selectedFeatures();
        String uid = c.estimatorClass().getSimpleName() + "_connect";

        String modelId = handle(MlCommand.newBuilder().setFit(MlCommand.Fit.newBuilder()
                .setEstimator(operator(c.estimatorClass(), uid, MlOperator.OperatorType.OPERATOR_TYPE_ESTIMATOR))
                .setParams(literals(c.params()))
                .setDataset(cachedFrame()))).getOperatorInfo().getObjRef().getId();
        assertFalse(modelId.isEmpty(), "model reference");

        List<Row> transformed = transform(modelId);
        assertEquals(ROWS, transformed.size());
        for (Row row : transformed) {
            Vector features = row.getAs("features");
            Vector kept = row.getAs(OUTPUT);
            assertEquals(expected.length, kept.size());
            assertEquals(Vectors.dense(features.apply(expected[0]), features.apply(expected[1])), kept,
                    "features " + expected[0] + " and " + expected[1] + " of " + features);
        }

        assertResultsReachTheClient(reference, modelId);

        String modelPath = dir.resolve("model").toString();
        handle(MlCommand.newBuilder().setWrite(MlCommand.Write.newBuilder()
                .setObjRef(ObjectRef.newBuilder().setId(modelId)).setPath(modelPath)));
        assertTrue(Files.isDirectory(dir.resolve("model").resolve("metadata")), "model metadata written");
        String estimatorPath = dir.resolve("estimator").toString();
        handle(MlCommand.newBuilder().setWrite(MlCommand.Write.newBuilder()
                .setOperator(operator(c.estimatorClass(), uid, MlOperator.OperatorType.OPERATOR_TYPE_ESTIMATOR))
                .setParams(literals(c.params())).setPath(estimatorPath)));

        MlCommandResult.MlOperatorInfo readModel = handle(MlCommand.newBuilder().setRead(MlCommand.Read.newBuilder()
                .setOperator(operator(c.modelClass(), "", MlOperator.OperatorType.OPERATOR_TYPE_MODEL))
                .setPath(modelPath))).getOperatorInfo();
        assertEquals(uid, readModel.getUid());
        assertSentParams(c.params(), readModel.getParams());
        String readModelId = readModel.getObjRef().getId();
        assertNotEquals(modelId, readModelId, "the read model is cached anew");
        assertEquals(transformed, transform(readModelId));

        MlCommandResult.MlOperatorInfo readEstimator = handle(MlCommand.newBuilder().setRead(MlCommand.Read.newBuilder()
                .setOperator(operator(c.estimatorClass(), "", MlOperator.OperatorType.OPERATOR_TYPE_ESTIMATOR))
                .setPath(estimatorPath))).getOperatorInfo();
        assertEquals(c.estimatorClass().getName(), readEstimator.getName());
        assertEquals(uid, readEstimator.getUid());
        assertSentParams(c.params(), readEstimator.getParams());

        assertEquals(uid, fetch(readModelId, "toString").getParam().getString(), "an Identifiable's toString is its uid");
    }

    /**
     * A model's results (scores, selected features, summary) are not on Connect's allow-list of
     * fetchable attributes, which is Spark's own: a client cannot read them through Fetch.
     */
    @Test
    void resultsCannotBeFetched() {
        Map<String, Object> params = params("labelCol", LabeledFrames.LABEL);
        String modelId = handle(MlCommand.newBuilder().setFit(MlCommand.Fit.newBuilder()
                .setEstimator(operator(FisherScoreSelector.class, "fisher_fetch", MlOperator.OperatorType.OPERATOR_TYPE_ESTIMATOR))
                .setParams(literals(params))
                .setDataset(cachedFrame()))).getOperatorInfo().getObjRef().getId();
        for (String method : List.of("scores", "selectedFeatures", "summary")) {
            SparkException refused = assertThrows(SparkException.class, () -> fetch(modelId, method), method);
            assertEquals("CONNECT_ML.ATTRIBUTE_NOT_ALLOWED", refused.getCondition(), method);
            assertTrue(refused.getMessage().contains(FisherScoreSelectorModel.class.getName()), refused.getMessage());
        }
    }

    /** A plain Java fit of the same estimator with the same params. */
    private static FeatureSelectorModel<?> referenceFit(Case c) throws ReflectiveOperationException {
        FeatureSelector<?, ?> estimator = c.estimatorClass().getConstructor().newInstance();
        c.params().forEach((name, value) -> estimator.set(estimator.getParam(name), value));
        FeatureSelectorModel<?> model = estimator.fit(frame);
        assertEquals(2, model.selectedFeatures().length, "reference selection");
        return model;
    }

    /**
     * The results as the Python API reads them over Connect: a Transform with {@code attachResults}
     * sent as a param, and the output column's metadata in the schema the server sends the client
     * (converted to the protocol's message, read as JSON with NaN allowed, as Python's {@code json} reads it).
     */
    private static void assertResultsReachTheClient(FeatureSelectorModel<?> reference, String modelId) throws Exception {
        MlRelation relation = MlRelation.newBuilder().setTransform(MlRelation.Transform.newBuilder()
                .setObjRef(ObjectRef.newBuilder().setId(modelId))
                .setParams(literals(Map.of("attachResults", true)))
                .setInput(cachedFrame())).build();
        StructType schema = MLHandler.transformMLRelation(relation, holder).schema();
        DataType sent = DataTypeProtoConverter.toConnectProtoType(schema);
        String metadata = sent.getStruct().getFieldsList().stream().filter(field -> field.getName().equals(OUTPUT))
                .findFirst().orElseThrow().getMetadata();
        JsonNode results = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build().readTree(metadata)
                .get(ResultsMetadata.KEY);
        double[] scores = new double[reference.numFeatures()];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = results.get("scores").get(r).asDouble();
        }
        assertArrayEquals(reference.scores(), scores, 0.0);
        int[] selected = new int[results.get("selectedFeatures").size()];
        for (int p = 0; p < selected.length; p++) {
            selected[p] = results.get("selectedFeatures").get(p).asInt();
        }
        assertArrayEquals(reference.selectedFeatures(), selected);
        assertEquals(reference.summary().numRows(), results.get("summary").get("numRows").asLong());
    }

    private static MlCommandResult handle(MlCommand.Builder command) {
        return MLHandler.handleMlCommand(holder, command.build());
    }

    private static MlCommandResult fetch(String objectId, String method) {
        return handle(MlCommand.newBuilder().setFetch(Fetch.newBuilder()
                .setObjRef(ObjectRef.newBuilder().setId(objectId))
                .addMethods(Fetch.Method.newBuilder().setMethod(method))));
    }

    /** The rows of a Transform of the cached input by the cached model {@code modelId}, in the input's order. */
    private static List<Row> transform(String modelId) {
        MlRelation relation = MlRelation.newBuilder().setTransform(MlRelation.Transform.newBuilder()
                .setObjRef(ObjectRef.newBuilder().setId(modelId))
                .setInput(cachedFrame())).build();
        return new ArrayList<>(MLHandler.transformMLRelation(relation, holder).collectAsList());
    }

    private static Relation cachedFrame() {
        return Relation.newBuilder()
                .setCachedRemoteRelation(CachedRemoteRelation.newBuilder().setRelationId(CACHED_FRAME))
                .build();
    }

    private static MlOperator operator(Class<?> type, String uid, MlOperator.OperatorType kind) {
        return MlOperator.newBuilder().setName(type.getName()).setUid(uid).setType(kind).build();
    }

    private static MlParams literals(Map<String, Object> params) {
        MlParams.Builder builder = MlParams.newBuilder();
        params.forEach((name, value) -> builder.putParams(name, literal(value)));
        return builder.build();
    }

    private static Expression.Literal literal(Object value) {
        return LiteralValueProtoConverter.toLiteralProto(value);
    }

    /** Every param sent comes back set, with the value sent, in the reply of a Read. */
    private static void assertSentParams(Map<String, Object> sent, MlParams reply) {
        sent.forEach((name, value) -> assertEquals(literal(value), reply.getParamsMap().get(name), name));
    }
}
