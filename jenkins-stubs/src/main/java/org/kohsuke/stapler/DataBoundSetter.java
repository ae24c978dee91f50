/*
 * Mirrors jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/DataBoundSetter.java
 * at 135bbbc88aa4. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.kohsuke.stapler;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.FIELD})
@Documented
public @interface DataBoundSetter {}
