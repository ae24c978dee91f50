/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/ExtensionList.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.util.AbstractList;

public class ExtensionList<T> extends AbstractList<T> {
    ExtensionList() {}

    @Override
    public T get(int index) {
        throw new UnsupportedOperationException("stub");
    }

    @Override
    public int size() {
        throw new UnsupportedOperationException("stub");
    }

    /**
     * Outside a controller upstream's {@code lookup(type)} is an empty list (no {@code Jenkins} to load
     * extensions from), so the singleton lookup throws its "got 0" exception; so does this.
     */
    public static <U> U lookupSingleton(Class<U> type) {
        throw new IllegalStateException("Expected 1 instance of " + type.getName() + " but got 0");
    }
}
