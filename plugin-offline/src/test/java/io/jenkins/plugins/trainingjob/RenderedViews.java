package io.jenkins.plugins.trainingjob;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps a rendered view as a page a person can open ({@code plugin-offline/target/rendered-views/}), in a light
 * and a dark frame: the dark one sets the text colour as Jenkins' dark theme does, which {@code currentColor}
 * in the views follows. Screenshots: {@code chromium --headless --screenshot=out.png file://...}.
 */
public final class RenderedViews {
    private RenderedViews() {}

    /** Writes {@code <name>-light.html} and {@code <name>-dark.html}; summary rows go in a table, as on a build page. */
    public static void keep(String name, String fragment) throws IOException {
        Path dir = Path.of("target", "rendered-views");
        Files.createDirectories(dir);
        for (String theme : new String[] {"light", "dark"}) {
            boolean dark = theme.equals("dark");
            String page = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + name + "</title>"
                    + "<link rel=\"stylesheet\" href=\"" + css() + "\">"
                    + "<style>body{font-family:sans-serif;font-size:14px;margin:24px;"
                    + (dark ? "background:#1f1f1f;color:#e8e8e8" : "background:#fff;color:#14141f")
                    + "} a{color:" + (dark ? "#8ab4f8" : "#0b5cad") + "} td{padding:4px 8px;vertical-align:top}"
                    + ".summary-icon{display:inline-block;width:20px;height:20px;margin-right:8px;background:#888;"
                    + "border-radius:4px;font-size:0}</style></head><body>"
                    + (fragment.strip().startsWith("<tr") ? "<table>" + fragment + "</table>" : fragment)
                    + "</body></html>\n";
            Files.writeString(dir.resolve(name + "-" + theme + ".html"), page, StandardCharsets.UTF_8);
        }
    }

    /** The plugin's own stylesheet, as the build page links it. */
    private static String css() {
        return Path.of("..", "plugin", "src", "main", "webapp", "css", "report.css")
                .toAbsolutePath()
                .normalize()
                .toUri()
                .toString();
    }
}
