"""The conda description must describe the same environment as `make setup`."""

import pathlib
import tomllib

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_environment_yml_installs_the_package_with_pip():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = env["dependencies"]
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = pyproject["project"]["requires-python"].removeprefix(">=")
    python = next(d for d in deps if isinstance(d, str) and d.startswith("python"))
    assert python.split("=")[-1].startswith(wanted)
    pip_section = next(d["pip"] for d in deps if isinstance(d, dict) and "pip" in d)
    assert "-e .[test]" in pip_section


def test_ci_runs_exactly_the_documented_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    commands = [
        line for line in ci.splitlines() if line and not line.startswith("#") and not line.startswith(("set ", "cd "))
    ]
    assert commands == ["make test"]
    readme = (ROOT / "README.md").read_text()
    assert "make test" in readme and "make setup" in readme
