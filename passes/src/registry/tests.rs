//! The README's table of pass names against the registry.
use super::*;

/// The rows of the README's "Pass names" table: (name, kind, parameters, description).
fn readme_rows() -> Vec<[String; 4]> {
    let readme = include_str!("../../../README.md");
    let table = readme.split("## Pass names").nth(1).expect("README has a Pass names section");
    table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let cells: Vec<String> = l.trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect();
            assert_eq!(cells.len(), 4, "a README pass row has four cells: {l}");
            [cells[0].clone(), cells[1].clone(), cells[2].clone(), cells[3].clone()]
        })
        .collect()
}

#[test]
fn readme_lists_exactly_the_registry() {
    let rows = readme_rows();
    let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    let expected: Vec<String> = PASSES.iter().map(|p| format!("`{}`", p.name)).collect();
    assert_eq!(names, expected, "README's pass table and registry::PASSES differ");
    for (row, pass) in rows.iter().zip(PASSES) {
        assert_eq!(row[1], pass.kind.word(), "README's kind of {}", pass.name);
        let params = pass.params.as_ref().map_or("".to_string(), |p| format!("`{}`", p.syntax));
        assert_eq!(row[2], params, "README's parameters of {}", pass.name);
        assert!(
            row[3].starts_with(pass.description),
            "README's description of {} starts with the registry's",
            pass.name
        );
    }
}

#[test]
fn readme_names_the_pipeline_stages_in_order() {
    let rows = readme_rows();
    let weft = &rows.iter().find(|r| r[0] == "`weft`").expect("a weft row")[3];
    let mut at = 0;
    for stage in super::WEFT_PIPELINE {
        let found = weft[at..].find(&format!("`{}`", stage.name));
        assert!(found.is_some(), "README's weft row names {} after the stages before it", stage.name);
        at += found.unwrap_or(0);
    }
}

#[test]
fn names_are_unique_and_parse_back() {
    for (i, p) in PASSES.iter().enumerate() {
        assert!(PASSES[i + 1..].iter().all(|q| q.name != p.name), "{} twice", p.name);
        if p.kind != Kind::Test {
            assert_eq!(parse(p.name).map(|r| r.map(|(q, _)| q.name)), Ok(Some(p.name)));
        }
    }
    assert_eq!(parse("weft-markers<paper>").map(|r| r.map(|(_, p)| p)), Ok(Some(Params::Form(Form::Paper))));
    assert_eq!(
        parse("weft-genx-legalize<grf=64;simd=16>").map(|r| r.map(|(_, p)| p)),
        Ok(Some(Params::Legalize(LegalizeParams { grf_bytes: 64, max_simd: 16 })))
    );
    assert!(parse("weft-markers<typo>").is_err());
    assert!(parse("weft-prepare<x>").map(|r| r.is_none()).unwrap_or(false), "a pass without parameters takes none");
    assert_eq!(parse("instcombine").map(|r| r.is_none()), Ok(true));
    assert_eq!(GENX_LEGALIZE.default_params(), Params::Legalize(LegalizeParams::default()));
}
