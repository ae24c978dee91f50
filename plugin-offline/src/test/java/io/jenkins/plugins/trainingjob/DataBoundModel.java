package io.jenkins.plugins.trainingjob;

import hudson.model.Descriptor;
import java.beans.Introspector;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The rules of structs' {@code DescribableModel} and {@code ParameterType} (jenkinsci/structs-plugin,
 * {@code describable/}), re-read here because the stubs have no structs: how Pipeline, the Snippet
 * Generator and {@code configRoundtrip} see a data-bound class. Parameters are the
 * {@link DataBoundConstructor}'s, then every {@link DataBoundSetter} method ({@code setX}, one argument) or
 * field of the class and its superclasses; each is read back through a public field, {@code getX()} or
 * {@code isX()}. Types are categorized as {@code ParameterType.of} does; what it cannot categorize becomes
 * an {@code ErrorType}, which the Pipeline Syntax page shows as an error.
 */
final class DataBoundModel {
    /** structs' {@code DescribableModel.CLAZZ}: names the implementation of a nested object. */
    static final String CLAZZ = "$class";

    private static final Set<Class<?>> WRAPPERS = Set.of(
            Boolean.class,
            Character.class,
            Byte.class,
            Short.class,
            Integer.class,
            Long.class,
            Float.class,
            Double.class);

    final Class<?> type;
    /** Constructor parameters first, in order; then setters, sorted by name (as structs orders them). */
    final Map<String, Type> parameters = new LinkedHashMap<>();

    final List<String> constructorParameters = new ArrayList<>();
    final Map<String, Setter> setters = new TreeMap<>();
    private final Constructor<?> constructor;

    /** One way a property is set after construction: a method or a field. */
    record Setter(Method method, Field field) {
        void set(Object target, Object value) throws ReflectiveOperationException {
            if (method != null) {
                method.invoke(target, value);
            } else {
                field.setAccessible(true);
                field.set(target, value);
            }
        }
    }

    /**
     * @throws IllegalStateException when structs could not model the class (its message says why)
     */
    DataBoundModel(Class<?> type) {
        this.type = type;
        Constructor<?> found = null;
        for (Constructor<?> c : type.getConstructors()) {
            if (c.isAnnotationPresent(DataBoundConstructor.class)) {
                found = c;
            }
        }
        if (found == null && Descriptor.class.isAssignableFrom(type)) {
            // a GlobalConfiguration is bound onto its singleton through setters only (Stapler, JCasC)
            try {
                found = type.getConstructor();
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type.getName() + " has no public no-argument constructor");
            }
        }
        if (found == null) {
            throw new IllegalStateException(type.getName() + " has no public @DataBoundConstructor");
        }
        constructor = found;
        Type[] generic = found.getGenericParameterTypes();
        Parameter[] named = found.getParameters();
        for (int i = 0; i < named.length; i++) {
            if (!named[i].isNamePresent()) {
                throw new IllegalStateException(found + ": parameter names are not compiled in (-parameters)");
            }
            constructorParameters.add(named[i].getName());
            parameters.put(named[i].getName(), generic[i]);
        }
        Map<String, Type> rest = new TreeMap<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(DataBoundSetter.class)) {
                    rest.putIfAbsent(f.getName(), f.getGenericType());
                    setters.putIfAbsent(f.getName(), new Setter(null, f));
                }
            }
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(DataBoundSetter.class)) {
                    if (!m.getName().startsWith("set") || m.getParameterCount() != 1) {
                        throw new IllegalStateException(m + " cannot be a @DataBoundSetter");
                    }
                    String name = Introspector.decapitalize(m.getName().substring(3));
                    rest.putIfAbsent(name, m.getGenericParameterTypes()[0]);
                    setters.putIfAbsent(name, new Setter(m, null));
                }
            }
        }
        parameters.putAll(rest);
    }

    /** Every reason structs could not describe this class's parameters, nested classes included. */
    List<String> typeProblems(Set<Class<?>> implementations) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Type> p : parameters.entrySet()) {
            categorize(
                    type.getSimpleName() + "." + p.getKey(),
                    p.getValue(),
                    implementations,
                    problems,
                    new ArrayList<>(List.of(type)));
        }
        return problems;
    }

    /** {@code ParameterType.of}: atomic, enum, array, collection or nested object; anything else is an error. */
    private static void categorize(
            String where, Type t, Set<Class<?>> implementations, List<String> problems, List<Class<?>> seen) {
        if (t instanceof Class<?> c) {
            if (c == String.class || c.isPrimitive() || WRAPPERS.contains(c) || c == URL.class || c.isEnum()) {
                return;
            }
            if (c.isArray()) {
                categorize(where, c.getComponentType(), implementations, problems, seen);
                return;
            }
            List<Class<?>> subtypes = subtypes(c, implementations);
            if (subtypes.isEmpty()) {
                problems.add(
                        where + ": no known implementation of " + c.getName() + " (structs offers no value for it)");
                return;
            }
            for (Class<?> sub : subtypes) {
                if (seen.contains(sub)) {
                    continue;
                }
                try {
                    DataBoundModel nested = new DataBoundModel(sub);
                    seen.add(sub);
                    for (Map.Entry<String, Type> p : nested.parameters.entrySet()) {
                        categorize(
                                where + "/" + sub.getSimpleName() + "." + p.getKey(),
                                p.getValue(),
                                implementations,
                                problems,
                                seen);
                    }
                } catch (IllegalStateException e) {
                    problems.add(where + ": " + e.getMessage());
                }
            }
            return;
        }
        if (t instanceof ParameterizedType pt
                && pt.getRawType() instanceof Class<?> raw
                && Collection.class.isAssignableFrom(raw)) {
            categorize(where, pt.getActualTypeArguments()[0], implementations, problems, seen);
            return;
        }
        // structs' words (ParameterType.of), as the Pipeline Syntax page shows them
        problems.add(where + ": do not know how to categorize attributes of type " + t.getTypeName());
    }

    /** structs' {@code findSubtypes}: the registered (here: the plugin's concrete) classes assignable to c. */
    static List<Class<?>> subtypes(Class<?> c, Set<Class<?>> implementations) {
        List<Class<?>> found = new ArrayList<>();
        for (Class<?> i : implementations) {
            if (c.isAssignableFrom(i)) {
                found.add(i);
            }
        }
        if (found.isEmpty() && !Modifier.isAbstract(c.getModifiers()) && !c.isInterface()) {
            found.add(c); // homogeneous: the declared class itself
        }
        return found;
    }

    /**
     * structs' {@code instantiate}: the constructor with its named arguments, then each setter whose name is
     * in the map. Nested objects are maps naming their class under {@link #CLAZZ} (simple name).
     */
    Object instantiate(Map<String, ?> arguments, Set<Class<?>> implementations) throws ReflectiveOperationException {
        Type[] generic = constructor.getGenericParameterTypes();
        Object[] args = new Object[constructorParameters.size()];
        for (int i = 0; i < args.length; i++) {
            Object v = arguments.get(constructorParameters.get(i));
            args[i] = v == null ? primitiveDefault(generic[i]) : coerce(generic[i], v, implementations);
        }
        Object o;
        try {
            o = constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw rethrown(e);
        }
        for (Map.Entry<String, Setter> s : setters.entrySet()) {
            if (arguments.containsKey(s.getKey())) {
                try {
                    s.getValue().set(o, coerce(parameters.get(s.getKey()), arguments.get(s.getKey()), implementations));
                } catch (InvocationTargetException e) {
                    throw rethrown(e);
                }
            }
        }
        return o;
    }

    /** structs' {@code uninstantiate2} without dropping defaults: every parameter read back, as plain data. */
    Map<String, Object> inspect(Object o) throws ReflectiveOperationException {
        Map<String, Object> r = new TreeMap<>();
        for (Map.Entry<String, Type> p : parameters.entrySet()) {
            r.put(p.getKey(), uncoerce(read(o, p.getKey())));
        }
        return r;
    }

    /** {@code DescribableParameter.getValue}: a public field, then {@code getX()}, then {@code isX()}. */
    Object read(Object o, String name) throws ReflectiveOperationException {
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        try {
            return type.getField(name).get(o);
        } catch (NoSuchFieldException e) {
            // a getter then
        }
        for (String getter : List.of("get" + capitalized, "is" + capitalized)) {
            try {
                return type.getMethod(getter).invoke(o);
            } catch (NoSuchMethodException e) {
                // next form
            }
        }
        throw new IllegalStateException("no public field ‘" + name + "’ (or getter method) found in " + type);
    }

    /** The name of the reader structs would use, or null when there is none. */
    String reader(String name) {
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        try {
            type.getField(name);
            return name;
        } catch (NoSuchFieldException e) {
            // a getter then
        }
        for (String getter : List.of("get" + capitalized, "is" + capitalized)) {
            try {
                type.getMethod(getter);
                return getter + "()";
            } catch (NoSuchMethodException e) {
                // next form
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static Object coerce(Type t, Object v, Set<Class<?>> implementations) throws ReflectiveOperationException {
        Class<?> erased = erase(t);
        if (v instanceof List<?> list && Collection.class.isAssignableFrom(erased)) {
            Type element = t instanceof ParameterizedType pt ? pt.getActualTypeArguments()[0] : Object.class;
            List<Object> r = new ArrayList<>();
            for (Object e : list) {
                r.add(coerce(element, e, implementations));
            }
            return r;
        }
        if (wrap(erased).isInstance(v)) {
            return v; // as structs: an instance of the declared type passes unchecked
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> args = new LinkedHashMap<>((Map<String, Object>) m);
            String name = (String) args.remove(CLAZZ);
            Class<?> impl = null;
            for (Class<?> c : subtypes(erased, implementations)) {
                if (name == null
                        ? !Modifier.isAbstract(erased.getModifiers())
                        : c.getSimpleName().equals(name)) {
                    impl = c;
                }
            }
            if (impl == null) {
                throw new IllegalArgumentException("no known implementation of " + erased + " is named " + name);
            }
            return new DataBoundModel(impl).instantiate(args, implementations);
        }
        if (v instanceof String s && erased.isEnum()) {
            return enumConstant(erased, s);
        }
        throw new ClassCastException(erased + " expected but received " + v.getClass());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    /** structs' {@code uncoerce}: enums by name, collections as lists, data-bound objects as maps. */
    static Object uncoerce(Object v) throws ReflectiveOperationException {
        if (v instanceof Enum<?> e) {
            return e.name();
        }
        if (v instanceof Collection<?> c) {
            List<Object> r = new ArrayList<>();
            for (Object e : c) {
                r.add(uncoerce(e));
            }
            return r;
        }
        if (v != null && !v.getClass().getName().startsWith("java.")) {
            DataBoundModel nested = new DataBoundModel(v.getClass());
            Map<String, Object> r = new TreeMap<>(nested.inspect(v));
            r.put(CLAZZ, v.getClass().getSimpleName());
            return r;
        }
        return v;
    }

    private static Object primitiveDefault(Type t) {
        if (t == boolean.class) {
            return false;
        }
        if (t instanceof Class<?> c && c.isPrimitive()) {
            return c == long.class ? 0L : c == int.class ? 0 : c == double.class ? 0d : null;
        }
        return null;
    }

    static Class<?> erase(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof ParameterizedType pt) {
            return erase(pt.getRawType());
        }
        return Object.class;
    }

    static Class<?> wrap(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return c == boolean.class
                ? Boolean.class
                : c == int.class
                        ? Integer.class
                        : c == long.class
                                ? Long.class
                                : c == double.class
                                        ? Double.class
                                        : c == float.class
                                                ? Float.class
                                                : c == short.class
                                                        ? Short.class
                                                        : c == byte.class
                                                                ? Byte.class
                                                                : c == char.class ? Character.class : Void.class;
    }

    private static ReflectiveOperationException rethrown(InvocationTargetException e) {
        if (e.getCause() instanceof RuntimeException r) {
            throw r;
        }
        return e;
    }
}
