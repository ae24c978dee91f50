package io.jenkins.plugins.trainingjob;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The saved (non-static, non-transient) fields one class declares, captured from an object so that a
 * change that fails part-way can be put back. Reflection rather than a list of fields: a setting added
 * later is covered without anyone remembering to add it to a restore list.
 */
@Restricted(NoExternalUse.class)
final class FieldSnapshot {
    private final Object target;
    private final Map<Field, Object> values = new LinkedHashMap<>();

    private FieldSnapshot(Object target) {
        this.target = target;
    }

    /** {@code declaring} names the class whose fields count (the object may be a subclass, e.g. a spy). */
    static FieldSnapshot of(Object target, Class<?> declaring) {
        if (!declaring.isInstance(target)) {
            throw new IllegalArgumentException(target.getClass().getName() + " is not a " + declaring.getName());
        }
        FieldSnapshot snapshot = new FieldSnapshot(target);
        for (Field f : declaring.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                continue;
            }
            f.setAccessible(true);
            try {
                snapshot.values.put(f, f.get(target));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read " + f, e);
            }
        }
        return snapshot;
    }

    /** Puts every captured field back to the value it had when captured. */
    void restore() {
        values.forEach((f, value) -> {
            try {
                f.set(target, value);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot restore " + f, e);
            }
        });
    }
}
