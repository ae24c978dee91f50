package io.jenkins.plugins.trainingjob;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.converters.reflection.SunUnsafeReflectionProvider;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import com.thoughtworks.xstream.io.xml.PrettyPrintWriter;
import com.thoughtworks.xstream.io.xml.StandardStaxDriver;
import com.thoughtworks.xstream.mapper.MapperWrapper;
import com.thoughtworks.xstream.security.AnyTypePermission;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import org.jboss.marshalling.Marshaller;
import org.jboss.marshalling.MarshallerFactory;
import org.jboss.marshalling.Marshalling;
import org.jboss.marshalling.MarshallingConfiguration;
import org.jboss.marshalling.ObjectResolver;
import org.jboss.marshalling.SimpleClassResolver;
import org.jboss.marshalling.Unmarshaller;
import org.jboss.marshalling.river.RiverMarshallerFactory;
import org.jenkinsci.plugins.workflow.steps.StepContext;

/**
 * Writes and reads saved state the way Jenkins does, with the same libraries from Central:
 * <ul>
 * <li>Java serialization, as a step execution's fields are written;</li>
 * <li>JBoss River 2.3.0 as workflow-support's {@code RiverWriter}/{@code RiverReader} frame
 * {@code program.dat}: a header ({@code HEADER}, {@code VERSION}, offset of the pickles), the main stream,
 * then the pickles stream, with a default {@code MarshallingConfiguration}, an {@code ObjectResolver} that
 * swaps what Pipeline pickles, and a {@code SimpleClassResolver} on the reading side;</li>
 * <li>XStream 1.4.21 configured as core's {@code XStream2} at jenkins-2.541.3 writes {@code build.xml} and
 * global configuration files ({@code XmlFile.write}): the StAX driver with an XML 1.1 pretty-print writer,
 * a namespace-unaware input factory without external entities, annotations autodetected, and
 * {@code AnyTypePermission} (JEP-200's class filter is checked separately, see {@link ForbiddenContent}).
 * Core's own converters (RobustReflectionConverter and friends) only add tolerance for bad data, so the
 * written form is XStream's reflection form, as here.</li>
 * </ul>
 * Every class a reader resolves is recorded, so tests can say what a saved form holds.
 */
public final class SavedForms {
    /** workflow-support {@code RiverWriter.HEADER} and {@code VERSION}. */
    private static final long RIVER_HEADER = 7330745437582215633L;

    private static final short RIVER_VERSION = 1;

    private SavedForms() {}

    /**
     * Stands in for the step context in a saved execution. Pipeline saves its own context object with the
     * program; a unit test has none, so it is swapped for this marker on write and back on read.
     */
    public static final class ContextPickle implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** What a read produced, and every class (with its serialized fields) the stream named. */
    public record Read(Object value, Set<String> classes, List<String> shape) {}

    // --- Java serialization

    public static byte[] javaSerialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes) {
            {
                enableReplaceObject(true);
            }

            @Override
            protected Object replaceObject(Object obj) {
                return obj instanceof StepContext ? new ContextPickle() : obj;
            }
        }) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    public static Read javaDeserialize(byte[] bytes, StepContext context) throws IOException, ClassNotFoundException {
        Set<String> classes = new TreeSet<>();
        Set<String> shape = new TreeSet<>();
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            {
                enableResolveObject(true);
            }

            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                classes.add(desc.getName());
                shape.add(shapeOf(desc));
                return super.resolveClass(desc);
            }

            @Override
            protected Object resolveObject(Object obj) {
                return obj instanceof ContextPickle ? context : obj;
            }
        }) {
            return new Read(in.readObject(), classes, new ArrayList<>(shape));
        }
    }

    /** A class as the stream describes it: name, serialVersionUID and serialized fields. */
    private static String shapeOf(ObjectStreamClass desc) {
        StringBuilder b =
                new StringBuilder(desc.getName()).append(" serialVersionUID=").append(desc.getSerialVersionUID());
        for (ObjectStreamField f : desc.getFields()) {
            b.append(' ')
                    .append(f.getName())
                    .append(':')
                    .append(f.isPrimitive() ? String.valueOf(f.getTypeCode()) : f.getTypeString());
        }
        return b.toString();
    }

    // --- JBoss River, framed as program.dat

    public static byte[] riverWrite(Object o) throws IOException {
        MarshallerFactory factory = new RiverMarshallerFactory();
        List<Object> pickles = new ArrayList<>();
        boolean[] pickling = {true};
        MarshallingConfiguration config = new MarshallingConfiguration();
        config.setObjectResolver(new ObjectResolver() {
            @Override
            public Object readResolve(Object replacement) {
                throw new IllegalStateException();
            }

            @Override
            public Object writeReplace(Object original) {
                if (pickling[0] && original instanceof StepContext) {
                    pickles.add(new ContextPickle());
                    return new PickleRef(pickles.size() - 1);
                }
                return original;
            }
        });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream header = new DataOutputStream(bytes);
        header.writeLong(RIVER_HEADER);
        header.writeShort(RIVER_VERSION);
        header.writeInt(0); // back-filled with the pickles' offset
        header.flush();
        Marshaller marshaller = factory.createMarshaller(config);
        marshaller.start(Marshalling.createByteOutput(bytes));
        marshaller.writeObject(o);
        marshaller.finish();
        int offset = bytes.size();
        pickling[0] = false;
        marshaller.start(Marshalling.createByteOutput(bytes));
        marshaller.writeObject(pickles);
        marshaller.finish();
        byte[] out = bytes.toByteArray();
        ByteBuffer.wrap(out, 10, 4).putInt(offset);
        return out;
    }

    /** Where a pickle sits in the pickles stream (workflow-support's {@code DryCapsule}). */
    public static final class PickleRef implements Serializable {
        private static final long serialVersionUID = 1L;
        final int index;

        PickleRef(int index) {
            this.index = index;
        }
    }

    @SuppressWarnings("unchecked")
    public static Read riverRead(byte[] bytes, StepContext context) throws IOException, ClassNotFoundException {
        DataInputStream din = new DataInputStream(new ByteArrayInputStream(bytes));
        if (din.readLong() != RIVER_HEADER) {
            throw new IOException("Invalid stream header");
        }
        if (din.readShort() != RIVER_VERSION) {
            throw new IOException("Unexpected stream version");
        }
        int offset = din.readInt();
        Set<String> classes = new TreeSet<>();
        Set<String> shape = new TreeSet<>();
        MarshallerFactory factory = new RiverMarshallerFactory();

        MarshallingConfiguration pickleConfig = new MarshallingConfiguration();
        pickleConfig.setClassResolver(recording(classes, shape));
        Unmarshaller pu = factory.createUnmarshaller(pickleConfig);
        pu.start(Marshalling.createByteInput(new ByteArrayInputStream(bytes, offset, bytes.length - offset)));
        List<Object> pickles = (List<Object>) pu.readObject();
        pu.finish();

        MarshallingConfiguration config = new MarshallingConfiguration();
        config.setClassResolver(recording(classes, shape));
        config.setObjectResolver(new ObjectResolver() {
            @Override
            public Object readResolve(Object replacement) {
                if (replacement instanceof PickleRef ref && pickles.get(ref.index) instanceof ContextPickle) {
                    return context;
                }
                return replacement;
            }

            @Override
            public Object writeReplace(Object original) {
                throw new IllegalStateException();
            }
        });
        Unmarshaller u = factory.createUnmarshaller(config);
        u.start(Marshalling.createByteInput(din));
        Object value = u.readObject();
        u.finish();
        return new Read(value, classes, new ArrayList<>(shape));
    }

    private static SimpleClassResolver recording(Set<String> classes, Set<String> shape) {
        return new SimpleClassResolver(SavedForms.class.getClassLoader()) {
            @Override
            public Class<?> resolveClass(Unmarshaller unmarshaller, String name, long serialVersionUID)
                    throws IOException, ClassNotFoundException {
                classes.add(name);
                Class<?> c = super.resolveClass(unmarshaller, name, serialVersionUID);
                ObjectStreamClass desc = ObjectStreamClass.lookupAny(c);
                shape.add(desc == null ? name : shapeOf(desc));
                return c;
            }
        };
    }

    // --- XStream, as XStream2 and XmlFile

    /** XStream set up as core's {@code XStream2}, recording every class it resolves into {@code classes}. */
    public static XStream xstream2(Set<String> classes) {
        XStream x = new XStream(new StaxDriver()) {
            @Override
            protected MapperWrapper wrapMapper(MapperWrapper next) {
                return new MapperWrapper(next) {
                    @Override
                    @SuppressWarnings("rawtypes")
                    public Class realClass(String elementName) {
                        Class c = super.realClass(elementName);
                        classes.add(c.getName());
                        return c;
                    }
                };
            }
        };
        x.autodetectAnnotations(true);
        x.denyTypes(new Class[] {void.class, Void.class});
        x.addPermission(AnyTypePermission.ANY); // XStream2: "covered by JEP-200"
        return x;
    }

    /** {@code XmlFile.write}: the XML 1.1 declaration, then XStream's form. */
    public static String toXml(Object o) {
        return "<?xml version='1.1' encoding='UTF-8'?>\n"
                + xstream2(new TreeSet<>()).toXML(o) + "\n";
    }

    /** An instance made as XStream makes one it reads: no constructor runs, fields keep their defaults' zeros. */
    public static <T> T newWithoutConstructor(Class<T> type) {
        return type.cast(new SunUnsafeReflectionProvider().newInstance(type));
    }

    /** Reads into {@code root} when given (as {@code Descriptor.load()} does), else a new object. */
    public static Read fromXml(String xml, Object root) {
        Set<String> classes = new TreeSet<>();
        Object value = root == null
                ? xstream2(classes).fromXML(xml)
                : xstream2(classes).fromXML(xml, root);
        return new Read(value, classes, List.of());
    }

    /** Core's {@code XStream2.StaxDriver}: XML 1.1 pretty printing, no namespaces, no external entities. */
    private static final class StaxDriver extends StandardStaxDriver {
        @Override
        public HierarchicalStreamWriter createWriter(Writer out) {
            return new PrettyPrintWriter(out, PrettyPrintWriter.XML_1_1, getNameCoder());
        }

        @Override
        public HierarchicalStreamWriter createWriter(OutputStream out) {
            return createWriter(new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        protected XMLInputFactory createInputFactory() {
            XMLInputFactory f = XMLInputFactory.newInstance();
            f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
            f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
            return f;
        }

        @Override
        protected XMLOutputFactory createOutputFactory() {
            return XMLOutputFactory.newInstance();
        }
    }
}
