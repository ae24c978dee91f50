/**
 * Text helpers every layer needs: stripping control characters from remote strings before they reach a
 * console, and folding to the 100-column width of our output. The leaf of core: imports nothing from
 * the project, and every other package may import it.
 */
package io.jenkins.plugins.trainingjob.core.text;
