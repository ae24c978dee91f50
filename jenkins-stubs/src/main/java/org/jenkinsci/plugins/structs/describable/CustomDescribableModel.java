/*
 * Mirrors jenkinsci/structs-plugin src/main/java/org/jenkinsci/plugins/structs/describable/CustomDescribableModel.java
 * at 1db2a48ea052. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jenkinsci.plugins.structs.describable;

import java.util.Map;

public interface CustomDescribableModel {
    default Map<String, Object> customInstantiate(Map<String, Object> arguments) {
        throw new UnsupportedOperationException("stub");
    }

    default UninstantiatedDescribable customUninstantiate(UninstantiatedDescribable ud) {
        throw new UnsupportedOperationException("stub");
    }

    static CustomDescribableModel of(Class<?> type) {
        throw new UnsupportedOperationException("stub");
    }
}
