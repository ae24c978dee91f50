/*
 * Mirrors jenkinsci/lib-annotation-indexer src/main/java/org/jvnet/hudson/annotation_indexer/Validator.java
 * at 92788b1f0a21. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jvnet.hudson.annotation_indexer;

public interface Validator {}
