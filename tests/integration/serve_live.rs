//! `fenpress serve` end to end: live reload after an edit, the overlay of a
//! broken build over the last good one, pages deleted and added, and one
//! rebuild for each way editors save.

use crate::serve_common;

use std::time::Duration;

use serve_common::*;

#[test]
fn edit_break_fix_delete_add() {
    let fx = Fixture::start();
    let page = fx.get("/en/rules/Alpha/");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("First text of Alpha."));
    assert!(page.body.contains("<svg"), "the diagram is drawn");
    assert!(
        page.body.contains("/__fenpress/events"),
        "the reload script is in"
    );
    assert!(page.headers.contains("text/html"));

    let mut events = fx.events();
    let hello = events.expect("hello");
    assert!(hello.data["build"].as_u64().is_some());

    // An edit: a reload for that page, then the new content.
    std::fs::write(fx.page("Alpha"), alpha("Second text of Alpha.", DIAGRAM_OK)).unwrap();
    let reload = events.expect("reload");
    let mut build = reload.data["build"].as_u64().unwrap();
    let changed: Vec<&str> = reload.data["changed"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert!(changed.contains(&"/en/rules/Alpha/"), "{changed:?}");
    assert!(!changed.contains(&"/en/rules/Beta/"), "{changed:?}");
    let page = fx.get("/en/rules/Alpha/");
    assert!(page.body.contains("Second text of Alpha."));

    // A broken diagram: the overlay names the file and line; the last good
    // build is still served.
    std::fs::write(fx.page("Alpha"), alpha("Broken text.", DIAGRAM_BROKEN)).unwrap();
    let overlay = events.expect("overlay");
    let errors = overlay.data["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = errors[0].as_str().unwrap();
    assert!(error.starts_with("error[diagram-spec]: "), "{error}");
    assert!(error.contains("Alpha/en.md:6:1\n"), "{error}");
    assert!(error.contains("6 | caption: where is the board"), "{error}");
    assert!(overlay.data["summary"]
        .as_str()
        .unwrap()
        .contains("1 error"));
    let page = fx.get("/en/rules/Alpha/");
    assert!(page.body.contains("Second text of Alpha."));
    // A page opened now gets the overlay as soon as it connects.
    let mut late = fx.events();
    late.expect("hello");
    late.expect("overlay");

    // Fixed: a reload clears the overlay, the new text is served.
    std::fs::write(fx.page("Alpha"), alpha("Fixed text of Alpha.", DIAGRAM_OK)).unwrap();
    build = events.reload_after(build).data["build"].as_u64().unwrap();
    assert!(fx
        .get("/en/rules/Alpha/")
        .body
        .contains("Fixed text of Alpha."));

    // Deleted: 404, and gone from the index.
    std::fs::remove_file(fx.page("Beta")).unwrap();
    std::fs::remove_dir(fx.page("Beta").parent().unwrap()).unwrap();
    build = events.reload_after(build).data["build"].as_u64().unwrap();
    let gone = fx.get("/en/rules/Beta/");
    assert_eq!(gone.status, 404);
    assert!(!fx.get("/en/rules/").body.contains("Beta"));

    // Added: served, listed.
    let gamma = fx.content().join("rules/Gamma");
    std::fs::create_dir_all(&gamma).unwrap();
    std::fs::write(gamma.join("en.md"), "# Gamma\n\nGamma arrives.\n").unwrap();
    events.reload_after(build);
    let page = fx.get("/en/rules/Gamma/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Gamma arrives."));
    assert!(fx.get("/en/rules/").body.contains("Gamma"));
}

/// Waits for the reload of one save, then checks no second build follows.
fn one_rebuild(fx: &Fixture, events: &mut Events, save: impl FnOnce()) {
    let before = fx.server.rebuilds();
    save();
    let build = events.expect("reload").data["build"].as_u64();
    // Longer than the debounce and a rebuild: a second build would show.
    // (The search index of the same build may follow as a second reload.)
    while let Some(event) = events.next(Duration::from_millis(1000)) {
        assert_eq!(event.name, "reload", "{:?}", event.data);
        assert_eq!(
            event.data["build"].as_u64(),
            build,
            "a second build followed"
        );
    }
    assert_eq!(fx.server.rebuilds(), before + 1);
}

#[test]
fn every_way_of_saving_is_one_rebuild() {
    let fx = Fixture::start();
    let mut events = fx.events();
    events.expect("hello");
    let path = fx.page("Alpha");

    // Write in place.
    one_rebuild(&fx, &mut events, || {
        std::fs::write(&path, alpha("In place.", DIAGRAM_OK)).unwrap()
    });
    // Temp file renamed over (VS Code, many others).
    one_rebuild(&fx, &mut events, || {
        save_by_rename(&path, &alpha("Renamed over.", DIAGRAM_OK))
    });
    // vim: the original renamed to a backup, a new file written, the backup
    // deleted; a swap file written beside.
    one_rebuild(&fx, &mut events, || {
        let backup = path.with_extension("md~");
        let swap = path.with_file_name(".en.md.swp");
        std::fs::write(&swap, "swap").unwrap();
        std::fs::write(path.with_file_name("4913"), "").unwrap();
        std::fs::remove_file(path.with_file_name("4913")).unwrap();
        std::fs::rename(&path, &backup).unwrap();
        std::fs::write(&path, alpha("Saved by vim.", DIAGRAM_OK)).unwrap();
        std::fs::remove_file(&backup).unwrap();
        std::fs::remove_file(&swap).unwrap();
    });
    // Delete, then create.
    one_rebuild(&fx, &mut events, || {
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, alpha("Deleted and created.", DIAGRAM_OK)).unwrap();
    });
    // A burst of saves.
    one_rebuild(&fx, &mut events, || {
        for i in 0..10 {
            std::fs::write(&path, alpha(&format!("Burst {i}."), DIAGRAM_OK)).unwrap();
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    assert!(fx.get("/en/rules/Alpha/").body.contains("Burst 9."));
}

/// The URLs a `reload` event names.
fn changed(event: &Event) -> Vec<String> {
    event.data["changed"]
        .as_array()
        .map(|urls| {
            urls.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Saves Alpha with `text` and returns the build of its reload.
fn save_alpha(fx: &Fixture, events: &mut Events, after: u64, text: &str) -> u64 {
    std::fs::write(fx.page("Alpha"), alpha(text, DIAGRAM_OK)).unwrap();
    let reload = events.reload_after(after);
    assert!(
        changed(&reload).contains(&"/en/rules/Alpha/".to_string()),
        "{:?}",
        reload.data
    );
    assert!(fx.get("/en/rules/Alpha/").body.contains(text));
    reload.data["build"].as_u64().unwrap()
}

#[test]
fn a_save_during_a_long_reindex_still_reloads() {
    let gate = ReindexGate::closed();
    let fx = Fixture::start_gated(&gate);
    let mut events = fx.events();
    let first = events.expect("hello").data["build"].as_u64().unwrap();

    let one = save_alpha(&fx, &mut events, first, "Edit one.");
    // The re-index of edit one is in progress (held at the gate) ...
    gate.wait_arrived(1);
    // ... and the next save still reloads at once, with its own build.
    let two = save_alpha(&fx, &mut events, one, "Edit two.");
    assert!(two > one);
    assert_eq!(fx.server.search_reindexes(), 0, "the re-index was held");

    // Let the re-indexes through: the search page reloads once the index
    // caught up.
    gate.allow(2);
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let event = events
            .next(deadline.saturating_duration_since(std::time::Instant::now()))
            .expect("a reload of the search page after the re-index");
        if event.name == "reload" && changed(&event).contains(&"/en/search/".to_string()) {
            break;
        }
    }
    wait_for_reindexes(&fx.server, 2);
}

#[test]
fn saves_during_a_reindex_give_one_more_reindex() {
    let gate = ReindexGate::closed();
    let fx = Fixture::start_gated(&gate);
    let mut events = fx.events();
    let first = events.expect("hello").data["build"].as_u64().unwrap();
    let entry = || fx.get("/pagefind/en/pagefind-entry.json").body;
    let entry_first = entry();

    let one = save_alpha(&fx, &mut events, first, "Edit one aardvark.");
    gate.wait_arrived(1);
    // Two saves while the re-index of the first is held.
    let two = save_alpha(&fx, &mut events, one, "Edit two bison.");
    save_alpha(&fx, &mut events, two, "Edit three capybara.");

    // The held re-index runs through (it indexes edit one) ...
    gate.allow(1);
    wait_for_reindexes(&fx.server, 1);
    let entry_one = entry();
    assert_ne!(entry_one, entry_first, "edit one is indexed");
    // ... then one more for both later saves (the last text).
    gate.allow(1);
    wait_for_reindexes(&fx.server, 2);
    let entry_three = entry();
    assert_ne!(entry_three, entry_one, "edit three is indexed");
    // And no third: nothing else arrives at the gate.
    gate.allow(1);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(gate.arrived(), 2);
    assert_eq!(fx.server.search_reindexes(), 2);
}

/// Issue 40: `serve` shows the author each diagram's status over the page
/// (proved, board only, failed with its reason), from a data block it
/// injects; an edit that changes a status reloads the page with it. A
/// built page holds none of it.
#[test]
fn each_diagram_shows_its_status_over_the_page_in_serve_only() {
    let fx = Fixture::start();
    let mut events = fx.events();
    let build = events.expect("hello").data["build"].as_u64().unwrap();
    let page = fx.get("/en/rules/Alpha/");
    assert!(
        page.body.contains("id=\"fenpress-statuses\""),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("fenpress-status"),
        "the script draws them"
    );
    // Alpha is no variant fenpress knows: these name theirs.
    let two = "```diagram\nvariant: Chess\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n\n\
               ```diagram\nvariant: Chess\nfen: K6K/8/8/8/8/8/8/k7\n```\n";
    save_by_rename(&fx.page("Alpha"), &alpha("First text of Alpha.", two));
    events.reload_after(build);
    let body = fx.get("/en/rules/Alpha/").body;
    let start = body.find("id=\"fenpress-statuses\">").expect("statuses") + 23;
    let end = start + body[start..].find("</script>").unwrap();
    let statuses: serde_json::Value = serde_json::from_str(&body[start..end]).unwrap();
    let list = statuses.as_array().expect("a list");
    assert_eq!(list.len(), 2, "{statuses}");
    assert!(
        matches!(list[0]["status"].as_str(), Some("proved" | "board")),
        "{statuses}"
    );
    assert_eq!(list[1]["status"], "failed", "{statuses}");
    assert!(!list[1]["reason"].as_str().unwrap_or("").is_empty());
    // The page as rendered (what `build` writes, and serve before it
    // injects its script) holds no status.
    let site = fenpress::site::incremental::Site::build(fenpress::site::incremental::SiteOptions {
        content: fx.content(),
        strict: false,
        base_url: None,
    })
    .expect("renders");
    let rendered = &site.output().files["en/rules/Alpha/index.html"];
    assert!(!String::from_utf8_lossy(rendered).contains("fenpress-status"));
}

/// A save that leaves the file as the site last read it (the late second
/// part of an editor's save on a busy machine, or `touch`) is no rebuild
/// and no reload.
#[test]
fn a_save_of_the_same_text_is_no_rebuild() {
    let fx = Fixture::start();
    let mut events = fx.events();
    events.expect("hello");
    let path = fx.page("Alpha");
    let text = alpha("Edited once.", DIAGRAM_OK);
    one_rebuild(&fx, &mut events, || std::fs::write(&path, &text).unwrap());
    let before = fx.server.rebuilds();
    std::fs::write(&path, &text).unwrap();
    if let Some(event) = events.next(Duration::from_millis(1500)) {
        panic!("a save of the same text gave {event:?}");
    }
    assert_eq!(fx.server.rebuilds(), before);
}
