/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/ExtensionList.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.util.AbstractList;

public class ExtensionList<T> extends AbstractList<T> {
    ExtensionList() {
    }

    @Override
    public T get(int index) {
        throw new UnsupportedOperationException("stub");
    }

    @Override
    public int size() {
        throw new UnsupportedOperationException("stub");
    }

    public static <U> U lookupSingleton(Class<U> type) {
        throw new UnsupportedOperationException("stub");
    }
}
