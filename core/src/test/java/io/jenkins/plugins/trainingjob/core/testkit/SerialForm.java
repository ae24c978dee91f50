package io.jenkins.plugins.trainingjob.core.testkit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * Java serialization as a test sees it: what a controller saves (a watch state, an exception carried
 * in a step's state) and reads back after a restart. Saving and reading are separate so a test can save
 * mid-watch and resume later; {@link #roundTrip} does both.
 */
public final class SerialForm {

    private SerialForm() {}

    /** The saved form of {@code value}. */
    public static byte[] bytes(Serializable value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "could not serialize " + value.getClass().getName(), e);
        }
        return bytes.toByteArray();
    }

    /** Reads a saved form back as {@code type}. */
    public static <T> T read(byte[] saved, Class<T> type) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(saved))) {
            return type.cast(in.readObject());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read a saved " + type.getName(), e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("a saved " + type.getName() + " names a class that is gone", e);
        }
    }

    /** {@code value} saved and read back: a copy that went through the saved form. */
    @SuppressWarnings("unchecked")
    public static <T extends Serializable> T roundTrip(T value) {
        return (T) read(bytes(value), value.getClass());
    }
}
