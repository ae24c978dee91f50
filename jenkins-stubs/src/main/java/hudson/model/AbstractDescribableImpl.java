/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/AbstractDescribableImpl.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

@Deprecated(since = "2.505")
public abstract class AbstractDescribableImpl<T extends AbstractDescribableImpl<T>> implements Describable<T> {}
