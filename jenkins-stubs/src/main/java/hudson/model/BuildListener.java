/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/BuildListener.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public interface BuildListener extends TaskListener {}
