// One conversion job (job.hpp): readJob maps the JSON every front end sends onto the job, refusing by JSON pointer;
// runJob does what loadFile, the edits and saveFile do one by one, refuses before reading, and writes nothing when a
// phase fails.
#include <catch2/catch.hpp>

#include <filesystem>

#include "inputanim/job.hpp"
#include "support/fixtures.hpp"
#include "support/temp_folder.hpp"

using namespace inputanim;
namespace fs = std::filesystem;

namespace {

struct JobFolder : test_support::TempFolder {
    JobFolder() : TempFolder("job") {
        auto written = saveFile(fixtures::small(Encoding{1, Layout::Compact}), *this / "in.bin");
        REQUIRE(written.ok());
    }
};

std::vector<std::uint8_t> fileBytes(const std::string& path) {
    auto bytes = readFile(path);
    REQUIRE(bytes.ok());
    return {bytes->begin(), bytes->end()};
}

Error refusal(const std::string& json) {
    auto job = readJob(json);
    REQUIRE_FALSE(job.ok());
    CHECK(job.error().kind == ErrorKind::Usage);
    return job.error();
}

}  // namespace

TEST_CASE("readJob sets every member of the job from its JSON") {
    auto job = readJob(R"({"input": "a.glb", "output": "b.bin", "verb": "trim", "reading": {"side": "left"},
        "base": "o.bin", "parts": [{"part": "right", "path": "r.bin", "offset": 0.5}, {"part": "gaze", "path": "g.bin"}],
        "markers": [{"time": 0.25, "name": "go"}], "markersFile": "m.json", "edits": [{"shift": 1.5}, {"mirror": {"x": 0.2}}],
        "to": "gltf", "embed": true, "overwrite": true, "formatVersion": "1.0", "layout": "full",
        "gltf": {"rig": "hierarchy", "linearOnly": true, "compress": "meshopt", "meshes": false, "extras": false,
                 "animation": false, "fieldOfView": 90},
        "tolerances": {"position": 0.001, "rotation": 0.5}})");
    REQUIRE(job.ok());
    CHECK((job->input == "a.glb" && job->output == "b.bin" && job->verb == "trim" && job->base == "o.bin"));
    CHECK(job->reading.gltf.side == Hand::Left);
    REQUIRE(job->parts.size() == 2);
    CHECK((job->parts[0].part == MergePart::Right && job->parts[0].path == "r.bin" && job->parts[0].offset == 0.5));
    CHECK((job->parts[1].part == MergePart::Gaze && job->parts[1].offset == 0));
    REQUIRE(job->markers);
    CHECK((job->markers->size() == 1 && (*job->markers)[0].time == 0.25f && (*job->markers)[0].name == "go"));
    CHECK(job->markersFile == "m.json");
    REQUIRE(job->edits.size() == 2);
    CHECK((job->edits[0].kind == EditStep::Kind::Shift && job->edits[0].amount == 1.5));
    CHECK((job->edits[1].kind == EditStep::Kind::Mirror && job->edits[1].mirror.plane->x == 0.2));
    CHECK((job->kind == OutputKind::GltfEmbedded && job->embed && job->overwrite == Overwrite::Replace));
    CHECK((job->binary.minor == 0 && job->binary.layout == Layout::Full));
    CHECK((job->gltf.rig == Rig::Hierarchy && job->gltf.linearOnly && job->gltf.compress && !job->gltf.meshes));
    CHECK((job->gltf.verticalFieldOfView == 90 && !job->gltf.extras && !job->gltf.animation));
    CHECK((job->tolerances.position == 0.001 && job->tolerances.rotation == 0.5));

    auto least = readJob(R"({"input": "-", "output": "-"})");  // everything else at its default
    REQUIRE(least.ok());
    CHECK((least->verb == "convert" && !least->kind && least->overwrite == Overwrite::Never && !least->markers));
    CHECK((least->tolerances.position == kDefaultPositionTolerance && least->gltf.rig == Rig::Flat));
    CHECK((least->gltf.extras && least->gltf.animation));
}

TEST_CASE("readJob refuses what the job does not take, by its JSON pointer") {
    CHECK(refusal(R"([1])").message.find("inputanim.job/1") != std::string::npos);
    CHECK(refusal(R"({"output": "b.glb"})").pointer == "/input");
    CHECK(refusal(R"({"input": "", "output": "b.glb"})").pointer == "/input");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "ouptut": 1})").pointer == "/ouptut");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "gltf": {"rig": "bones"}})").pointer == "/gltf/rig");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "gltf": {"fieldOfView": 180}})").pointer == "/gltf/fieldOfView");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "gltf": {"meshes": 1}})").pointer == "/gltf/meshes");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "gltf": {"extras": "no"}})").pointer == "/gltf/extras");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "gltf": {"animation": 0}})").pointer == "/gltf/animation");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "gltf": {"bones": 1}})").pointer == "/gltf/bones");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "tolerances": {"position": 0}})").pointer == "/tolerances");
    CHECK(refusal(R"({"input": "a", "output": "b.glb", "tolerances": {"angle": 1}})").pointer == "/tolerances");
    CHECK(refusal(R"({"input": "a", "output": "b", "parts": [{"part": "head", "path": "x"}]})").pointer == "/parts/0");
    CHECK(refusal(R"({"input": "a", "output": "b", "parts": [{"part": "left"}]})").pointer == "/parts/0");
    CHECK(refusal(R"({"input": "a", "output": "b", "parts": [{"part": 7, "path": "x"}]})").pointer == "/parts/0");
    CHECK(refusal(R"({"input": "a", "output": "b", "markers": [{"time": 2, "name": "b"}, {"time": 1, "name": "a"}]})")
              .pointer == "/markers");
    CHECK(refusal(R"({"input": "a", "output": "b", "edits": [{"shift": 1}, {"spin": 1}]})").pointer == "/edits/1");
    CHECK(refusal(R"({"input": "a", "output": "b", "reading": {"side": "up"}})").pointer == "/reading");
    CHECK(refusal(R"({"input": "a", "output": "b", "to": "fbx"})").pointer == "/to");
    CHECK(refusal(R"({"input": "a", "output": "b", "formatVersion": "2.0"})").pointer == "/formatVersion");
    CHECK(refusal(R"({"input": "a", "output": "b", "overwrite": "yes"})").pointer == "/overwrite");
}

TEST_CASE("runJob writes what loading, editing and saving one by one write") {
    JobFolder folder;
    Job job;
    job.input = folder / "in.bin";
    job.output = folder / "out.bin";
    job.edits = {EditStep{}, EditStep{}};  // two shifts
    job.edits[0].amount = 0.5;
    job.edits[1].kind = EditStep::Kind::Retime;
    job.edits[1].amount = 2;
    job.binary.layout = Layout::Full;
    JobReport report;
    REQUIRE(runJob(job, report).ok());

    auto r = loadFile(folder / "in.bin");
    REQUIRE(r.ok());
    auto shifted = shiftRecording(*r, 0.5);
    REQUIRE(shifted.ok());
    auto retimed = retimeRecording(*shifted, 2);
    REQUIRE(retimed.ok());
    SaveOptions options;
    options.binary.layout = Layout::Full;
    REQUIRE(saveFile(*retimed, folder / "expected.bin", options).ok());
    CHECK(fileBytes(folder / "out.bin") == fileBytes(folder / "expected.bin"));
    CHECK(report.kind == OutputKind::MrtkBinary);
    CHECK(report.saved.files == std::vector<std::string>{folder / "out.bin"});
    CHECK(report.edit.keysKept > 0);  // summed over both edits
    CHECK_FALSE(report.source);  // an edited recording is not the file's own: no provenance

    const ReportJson json = runReportJson(job, report);
    CHECK(json["schema"] == "inputanim.run/1");
    CHECK(json["format"]["layout"] == "full");
    CHECK(json["edit"]["keysKept"] == report.edit.keysKept);
    CHECK(json["recording"].is_null());  // not described unless asked
}

TEST_CASE("runJob records the source of the input's own recording only, and describes what it wrote") {
    JobFolder folder;
    Job job;
    job.input = folder / "in.bin";
    job.output = folder / "out.glb";
    JobReport report;
    REQUIRE(runJob(job, report, {nullptr, true}).ok());
    REQUIRE(report.source);
    CHECK(report.source->sourceBytes == fileBytes(folder / "in.bin").size());
    CHECK(report.recording->at("markers").size() == 2);
    const ReportJson json = runReportJson(job, report);
    CHECK((json["kind"] == "glb" && json["edit"].is_null() && json["gltf"]["channels"].get<int>() > 0));

    job.markers = std::vector<Marker>{{0.5f, "new"}};
    job.output = folder / "marked.glb";
    JobReport marked;
    REQUIRE(runJob(job, marked).ok());
    CHECK_FALSE(marked.source);
    auto back = loadFile(folder / "marked.glb");
    REQUIRE(back.ok());
    CHECK((back->markers.size() == 1 && back->markers[0].name == "new"));

    job.markers.reset();  // the file's own again, but without the way back: no archive, so no source recorded
    job.gltf.extras = false;
    job.output = folder / "plain.glb";
    JobReport plain;
    REQUIRE(runJob(job, plain).ok());
    CHECK_FALSE(plain.source);
    const auto bytes = fileBytes(folder / "plain.glb");
    CHECK(std::string(bytes.begin(), bytes.end()).find("KHR_xmp_json_ld") == std::string::npos);
}

TEST_CASE("runJob refuses before reading, and writes nothing when a phase fails") {
    JobFolder folder;
    Job job;
    job.input = folder / "missing.bin";
    job.output = folder / "in.bin";  // exists
    JobReport report;
    auto refused = runJob(job, report);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::OutputExists);  // not the missing input: nothing was read

    job.output = folder / "out.glb";
    job.binary.layout = Layout::Full;
    refused = runJob(job, report);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::BinaryOptionsNotBinary);
    CHECK(refused.error().message.find("--") == std::string::npos);  // the library names no CLI flag

    job = Job{};
    job.input = folder / "in.bin";
    job.output = folder / "out.bin";
    job.markers = std::vector<Marker>{{5.0f, "late"}};  // after the last key: a warning
    job.edits = {EditStep{}};
    job.edits[0].kind = EditStep::Kind::Retime;
    job.edits[0].amount = 0;  // refused
    JobReport failed;
    REQUIRE_FALSE(runJob(job, failed).ok());
    CHECK_FALSE(fs::exists(folder / "out.bin"));
    REQUIRE(failed.messages.size() == 1);  // said before the failure, kept
    CHECK(failed.messages[0].second.code == "marker-after-end");
    CHECK(failed.messages[0].first == job.input);
}

TEST_CASE("readJob takes the ranges and defaults the profile table lists") {
    const ReportJson options = profileTableJson()["options"];
    const auto withFov = [](double degrees) {
        return readJob(R"({"input": "a", "output": "b.glb", "gltf": {"fieldOfView": )" + std::to_string(degrees) +
                       "}}");
    };
    const double least = options["fieldOfView"]["least"], most = options["fieldOfView"]["most"];
    CHECK((withFov(least).ok() && withFov(most).ok()));
    CHECK_FALSE(withFov(least - 0.5).ok());
    CHECK_FALSE(withFov(most + 0.5).ok());
    auto job = readJob(R"({"input": "a", "output": "b.glb"})");
    REQUIRE(job.ok());
    CHECK(job->gltf.verticalFieldOfView == options["fieldOfView"]["default"]);
    CHECK(job->tolerances.position == options["positionTolerance"]["default"]);
    CHECK(job->tolerances.rotation == options["rotationTolerance"]["default"]);
}

TEST_CASE("runJobOn writes a recording already read as runJob writes its file, into the sink given") {
    JobFolder folder;
    Job job;
    job.input = folder / "in.bin";
    job.output = folder / "file.glb";
    JobReport fromFile;
    REQUIRE(runJob(job, fromFile).ok());

    LoadOptions reading;
    reading.recordSource = true;  // as a front end's open does
    LoadReport loaded;
    auto recording = loadFile(job.input, reading, &loaded);
    REQUIRE(recording.ok());
    job.output = "-";
    job.kind = OutputKind::Glb;
    std::vector<std::uint8_t> bytes;
    JobContext context;
    context.standardOutput = [&bytes](std::span<const std::uint8_t> piece) {
        bytes.insert(bytes.end(), piece.begin(), piece.end());
        return Status(Success{});
    };
    JobReport inMemory;
    REQUIRE(runJobOn(job, *recording, loaded, inMemory, context).ok());
    CHECK(bytes == fileBytes(folder / "file.glb"));  // its source recorded as the file's
    CHECK(inMemory.source->sourceSha256 == fromFile.source->sourceSha256);

    job.edits = {EditStep{}};  // a shift by 0: an edited recording records no source, whatever was read
    bytes.clear();
    JobReport edited;
    REQUIRE(runJobOn(job, *recording, loaded, edited, context).ok());
    CHECK_FALSE(edited.source);
    CHECK(bytes.size() < fileBytes(folder / "file.glb").size());
}
