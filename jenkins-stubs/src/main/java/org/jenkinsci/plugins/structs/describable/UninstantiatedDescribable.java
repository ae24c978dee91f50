/*
 * Mirrors jenkinsci/structs-plugin src/main/java/org/jenkinsci/plugins/structs/describable/UninstantiatedDescribable.java
 * at 1db2a48ea052. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 * Declared only because CustomDescribableModel names it.
 */
package org.jenkinsci.plugins.structs.describable;

import java.io.Serializable;
import java.util.Map;

public class UninstantiatedDescribable implements Serializable {
    private static final long serialVersionUID = 1L;

    public UninstantiatedDescribable(Map<String, ?> arguments) {
        throw new UnsupportedOperationException("stub");
    }

    public Map<String, ?> getArguments() {
        throw new UnsupportedOperationException("stub");
    }
}
