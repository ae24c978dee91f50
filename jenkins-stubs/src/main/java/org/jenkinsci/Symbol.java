/*
 * Mirrors jenkinsci/lib-symbol-annotation src/main/java/org/jenkinsci/Symbol.java
 * at 248321f27124. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jenkinsci;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.jvnet.hudson.annotation_indexer.Indexed;

@Indexed
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Documented
public @interface Symbol {
    String[] value();
}
