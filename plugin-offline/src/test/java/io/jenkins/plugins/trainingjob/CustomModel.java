package io.jenkins.plugins.trainingjob;

import hudson.Extension;
import hudson.model.Descriptor;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;

/**
 * structs' {@code CustomDescribableModel.of(type)} without Jenkins: the class's registered descriptor, when
 * it implements that interface, translates the arguments before {@code DescribableModel.instantiate}.
 */
final class CustomModel {
    private static final String INTERFACE = "org.jenkinsci.plugins.structs.describable.CustomDescribableModel";

    private CustomModel() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> instantiateArguments(Class<?> type, Map<String, Object> arguments)
            throws ReflectiveOperationException {
        for (Class<?> inner : type.getDeclaredClasses()) {
            if (!Descriptor.class.isAssignableFrom(inner) || !inner.isAnnotationPresent(Extension.class)) {
                continue;
            }
            for (Class<?> i : inner.getInterfaces()) {
                if (i.getName().equals(INTERFACE)) {
                    Object descriptor = inner.getConstructor().newInstance();
                    Method m = i.getMethod("customInstantiate", Map.class);
                    // structs hands over an immutable copy
                    return (Map<String, Object>) m.invoke(descriptor, Collections.unmodifiableMap(arguments));
                }
            }
        }
        return arguments;
    }
}
