// helm-render renders a Helm chart the way `helm template` does, for machines where helm cannot be
// installed: Go's text/template with the Sprig function library (the engine Helm itself is built
// on), plus Helm's own functions (include, tpl, required, toYaml, fromYaml, toJson, fromJson,
// lookup) and built-in objects (.Values, .Release, .Chart, .Capabilities, .Template). It does not
// do what needs a cluster or a repository (lookup returns nothing, no dependencies, no hooks
// ordering): the output is every rendered manifest, hooks included, each after a "# Source:" line.
//
//	helm-render [-f values.yaml]... [-release name] [-namespace ns] <chart dir>
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	sprig "github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

type valueFiles []string

func (v *valueFiles) String() string     { return strings.Join(*v, ",") }
func (v *valueFiles) Set(s string) error { *v = append(*v, s); return nil }

func readYAML(path string) (map[string]interface{}, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]interface{}{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// merge is Helm's coalescing of value files: maps merge key by key, anything else is replaced.
func merge(dst, src map[string]interface{}) map[string]interface{} {
	for k, v := range src {
		if sm, ok := v.(map[string]interface{}); ok {
			if dm, ok := dst[k].(map[string]interface{}); ok {
				dst[k] = merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
	return dst
}

func toYAML(v interface{}) string {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func fromYAML(s string) map[string]interface{} {
	out := map[string]interface{}{}
	if err := yaml.Unmarshal([]byte(s), &out); err != nil {
		out["Error"] = err.Error()
	}
	return out
}

func main() {
	var files valueFiles
	flag.Var(&files, "f", "values file (repeatable, later ones win)")
	release := flag.String("release", "touchline", "release name")
	namespace := flag.String("namespace", "touchline", "release namespace")
	kubeVersion := flag.String("kube-version", "v1.34.0", "Kubernetes version for .Capabilities")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: helm-render [-f values.yaml]... <chart dir>")
		os.Exit(2)
	}
	chartDir := flag.Arg(0)
	if err := run(chartDir, files, *release, *namespace, *kubeVersion); err != nil {
		fmt.Fprintln(os.Stderr, "helm-render:", err)
		os.Exit(1)
	}
}

func run(chartDir string, files []string, release, namespace, kubeVersion string) error {
	chart, err := readYAML(filepath.Join(chartDir, "Chart.yaml"))
	if err != nil {
		return err
	}
	values, err := readYAML(filepath.Join(chartDir, "values.yaml"))
	if err != nil {
		return err
	}
	for _, f := range files {
		extra, err := readYAML(f)
		if err != nil {
			return err
		}
		values = merge(values, extra)
	}
	name, _ := chart["name"].(string)
	top := map[string]interface{}{
		"Values": values,
		"Release": map[string]interface{}{
			"Name": release, "Namespace": namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1,
		},
		"Chart": map[string]interface{}{
			"Name": chart["name"], "Version": chart["version"], "AppVersion": chart["appVersion"],
			"Description": chart["description"], "Type": chart["type"],
		},
		"Capabilities": map[string]interface{}{
			"KubeVersion": map[string]interface{}{"Version": kubeVersion, "GitVersion": kubeVersion},
		},
	}

	var t *template.Template
	funcs := sprig.TxtFuncMap()
	// Helm removes these two: a chart must not read the renderer's environment.
	delete(funcs, "env")
	delete(funcs, "expandenv")
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = fromYAML
	funcs["toJson"] = func(v interface{}) string { b, _ := json.Marshal(v); return string(b) }
	funcs["fromJson"] = func(s string) map[string]interface{} {
		out := map[string]interface{}{}
		if err := json.Unmarshal([]byte(s), &out); err != nil {
			out["Error"] = err.Error()
		}
		return out
	}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		err := t.ExecuteTemplate(&buf, name, data)
		return buf.String(), err
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		c, err := t.Clone()
		if err != nil {
			return "", err
		}
		inner, err := c.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		err = inner.Execute(&buf, data)
		return buf.String(), err
	}
	funcs["required"] = func(msg string, v interface{}) (interface{}, error) {
		if v == nil || v == "" {
			return nil, fmt.Errorf("%s", msg)
		}
		return v, nil
	}
	funcs["lookup"] = func(...interface{}) map[string]interface{} { return map[string]interface{}{} }
	t = template.New("chart").Funcs(funcs).Option("missingkey=zero")

	var names []string
	err = filepath.Walk(filepath.Join(chartDir, "templates"), func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(chartDir, path)
		full := filepath.ToSlash(filepath.Join(name, rel))
		if _, err := t.New(full).Parse(string(text)); err != nil {
			return err
		}
		names = append(names, full)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(names)
	var out bytes.Buffer
	for _, n := range names {
		base := filepath.Base(n)
		if strings.HasPrefix(base, "_") {
			continue
		}
		top["Template"] = map[string]interface{}{"Name": n, "BasePath": name + "/templates"}
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, n, top); err != nil {
			return err
		}
		if base == "NOTES.txt" {
			continue
		}
		rendered := strings.ReplaceAll(buf.String(), "<no value>", "")
		for _, doc := range strings.Split(rendered, "\n---") {
			if strings.TrimSpace(strings.TrimPrefix(doc, "---")) == "" {
				continue
			}
			fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", n, strings.TrimSpace(strings.TrimPrefix(doc, "---")))
		}
	}
	_, err = os.Stdout.Write(out.Bytes())
	return err
}
