/*
 * Mirrors jenkinsci/lib-annotation-indexer src/main/java/org/jvnet/hudson/annotation_indexer/Indexed.java
 * at 92788b1f0a21. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jvnet.hudson.annotation_indexer;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.ANNOTATION_TYPE)
@Documented
public @interface Indexed {
    Class<? extends Validator>[] validators() default {};
}
