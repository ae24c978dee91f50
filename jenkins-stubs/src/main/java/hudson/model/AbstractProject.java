/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/AbstractProject.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public abstract class AbstractProject<P extends AbstractProject<P, R>, R extends AbstractBuild<P, R>>
        extends Job<P, R> {
    AbstractProject() {}
}
