/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Describable.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

import jenkins.model.Jenkins;

public interface Describable<T extends Describable<T>> {
    default Descriptor<T> getDescriptor() {
        Jenkins.get(); // upstream: Jenkins.get().getDescriptorOrDie(getClass()), which throws without a controller
        throw new UnsupportedOperationException("stub");
    }
}
