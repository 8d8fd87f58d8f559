package lapscore.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;

import scala.reflect.ClassTag;

/**
 * Spark's Kryo serializer, which also measures the records that shuffles write in the jobs whose
 * description contains the text of the system property {@value #JOBS}: a test's own JVM sets
 * {@code spark.serializer} to this class. Spark's serialized shuffle writer
 * ({@code UnsafeShuffleWriter.insertRecordIntoSorter}) writes each record, key and value, into a
 * buffer and flushes the serialization stream once per record, so the bytes between two flushes are
 * one record as Kryo wrote it. What other writers write (cached blocks evicted to disk, task results)
 * is not counted. When the JVM exits, the largest record and the number measured go to the file
 * named by the system property {@value #FILE}, as {@code largest count}.
 */
public final class ShuffleRecordSizes extends KryoSerializer {

    /** The system property naming the file the sizes are written to. */
    public static final String FILE = "lapscore.test.shuffleRecordSizes";
    /** The system property whose text picks the jobs measured, by their description. */
    public static final String JOBS = "lapscore.test.shuffleRecordJobs";

    private static final AtomicLong LARGEST = new AtomicLong();
    private static final AtomicLong MEASURED = new AtomicLong();

    static {
        String file = System.getProperty(FILE);
        if (file != null) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.writeString(Path.of(file), LARGEST.get() + " " + MEASURED.get(), StandardCharsets.UTF_8);
                } catch (IOException failed) {
                    throw new UncheckedIOException(failed);
                }
            }));
        }
    }

    public ShuffleRecordSizes(SparkConf conf) {
        super(conf);
    }

    /** As Kryo's: records can be moved as bytes, so Spark keeps its serialized shuffle writer. */
    @Override
    public boolean supportsRelocationOfSerializedObjects() {
        return true;
    }

    @Override
    public SerializerInstance newInstance() {
        return new Measuring(super.newInstance());
    }

    /** Whether the stream being opened is a shuffle writer's in a measured job. */
    private static boolean measured() {
        TaskContext task = TaskContext.get();
        String jobs = System.getProperty(JOBS);
        if (task == null || jobs == null || !String.valueOf(task.getLocalProperty("spark.job.description")).contains(jobs)) {
            return false;
        }
        for (StackTraceElement frame : Thread.currentThread().getStackTrace()) {
            if (frame.getClassName().equals("org.apache.spark.shuffle.sort.UnsafeShuffleWriter")) {
                return true;
            }
        }
        return false;
    }

    /** A serializer instance that hands out measuring streams. */
    private static final class Measuring extends SerializerInstance {
        private final SerializerInstance kryo;

        Measuring(SerializerInstance kryo) {
            this.kryo = kryo;
        }

        @Override
        public <T> ByteBuffer serialize(T value, ClassTag<T> tag) {
            return kryo.serialize(value, tag);
        }

        @Override
        public <T> T deserialize(ByteBuffer bytes, ClassTag<T> tag) {
            return kryo.deserialize(bytes, tag);
        }

        @Override
        public <T> T deserialize(ByteBuffer bytes, ClassLoader loader, ClassTag<T> tag) {
            return kryo.deserialize(bytes, loader, tag);
        }

        @Override
        public SerializationStream serializeStream(OutputStream out) {
            if (!measured()) {
                return kryo.serializeStream(out);
            }
            CountingStream counted = new CountingStream(out);
            return new MeasuringStream(kryo.serializeStream(counted), counted);
        }

        @Override
        public DeserializationStream deserializeStream(InputStream in) {
            return kryo.deserializeStream(in);
        }
    }

    /** Counts the bytes written through it. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        private long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
            count += length;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** A Kryo stream whose every flush closes one record, the bytes written since the flush before. */
    private static final class MeasuringStream extends SerializationStream {
        private final SerializationStream kryo;
        private final CountingStream counted;
        private long flushedAt;

        MeasuringStream(SerializationStream kryo, CountingStream counted) {
            this.kryo = kryo;
            this.counted = counted;
        }

        @Override
        public <T> SerializationStream writeObject(T value, ClassTag<T> tag) {
            kryo.writeObject(value, tag);
            return this;
        }

        @Override
        public void flush() {
            kryo.flush();
            long record = counted.count - flushedAt;
            flushedAt = counted.count;
            if (record > 0) {
                LARGEST.accumulateAndGet(record, Math::max);
                MEASURED.incrementAndGet();
            }
        }

        @Override
        public void close() {
            kryo.close();
        }
    }
}
