Feature: Movement
  Transcribes the rulebook section "2. Movement" of the game sequence. Which
  locations a number reaches depends on our model of the paths (FD-MOD-01), so
  these examples carry @model-board.

  @FD-MOV-01 @model-board
  Rule: A figure moves along the paths by at most the number on the movement die
    Source: Game Sequence ¶34-35
    See also: FD-OBS-11, FD-CARD-02

    Example: a 3 reaches Schrottplatz and Rathaus from the Central Office, not Jachthafen
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 3
      And it is Peter's movement step on "Zentrale"
      Then Peter may move to "Schrottplatz"
      And Peter may move to "Rathaus"
      And Peter cannot move to "Jachthafen"

    Example: Peter moves three to the Schrottplatz and his figure stands there
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 3
      And it is Peter's movement step on "Zentrale"
      When Peter moves to "Schrottplatz"
      Then Peter's figure stands on "Schrottplatz"
      And it is Peter's action step

    Example: moving further than the die allows is refused
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 3
      And it is Peter's movement step on "Zentrale"
      When Peter tries to move to "Jachthafen"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-MOV-02
  Rule: A figure may stay where it is
    Source: Game Sequence ¶35

    Example: Peter stays on the Central Office
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 5
      And it is Peter's movement step on "Zentrale"
      When Peter moves to "Zentrale"
      Then it is Peter's action step

  @FD-MOV-03 @model-board
  Rule: Every fingerprint and every location is one space of movement, and a figure may end its move on a fingerprint
    Source: Game Sequence ¶35-36

    Example: two spaces from the Central Office end on the fingerprint next to Schrottplatz
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 2
      And it is Peter's movement step on "Zentrale"
      Then Peter may move to "Schrottplatz~Zentrale:1"
      And Peter cannot move to "Schrottplatz"

  @FD-MOV-04 @model-board
  Rule: A figure may move along the paths in any direction
    Source: Game Sequence ¶35

    Example: from Schrottplatz a 2 reaches Jachthafen and Hospital alike
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 2
      And it is Peter's movement step on "Schrottplatz"
      Then Peter may move to "Jachthafen"
      And Peter may move to "Hospital"
      And Peter may move to "Schrottplatz~Zentrale:2"

  @FD-MOV-05 @model-board
  Rule: A fingerprint space with a roadblock can be neither entered nor passed
    Source: Cards and Tokens ¶110
    See also: FD-EVT-02, FD-REM-01, FD-CARD-11, FD-HLP-03

    Example: the roadblock between Schrottplatz and Jachthafen bars the way
      Given a 2-player game at difficulty 1
      And a roadblock lies between "Jachthafen" and "Schrottplatz"
      And Peter has rolled "red" and 2
      And it is Peter's movement step on "Schrottplatz"
      Then Peter cannot move to "Jachthafen"
      And Peter cannot move to "Jachthafen~Schrottplatz:1"
      And Peter may move to "Hospital"

  @FD-MOV-06 @ruling @model-board
  Rule: An obstacle does not bar the way: a figure may enter a blocked location, stop there or pass through it
    Source: Game Sequence ¶35, ¶63; Cards and Tokens ¶100
    See also: FD-OBS-01
    The rulebook says an obstacle "blocks" its location completely, and then
    says what that means: no action but removing the obstacle can be carried
    out there, and its cards cannot be reached.  It bars spaces only with
    roadblocks.  Removing an obstacle needs figures standing on it (action c,
    "Remove an Obstacle"), so figures must be able to go there; and nothing
    says they may not go on through.

    Example: a 5 reaches Hospital only through Schrottplatz, and the obstacle there does not stop Peter
      Given a 2-player game at difficulty 1
      And the obstacle "No Helpers" lies on "Schrottplatz"
      And Peter has rolled "red" and 5
      And it is Peter's movement step on "Zentrale"
      Then Peter may move to "Schrottplatz"
      And Peter may move to "Hospital"

  @FD-MOV-07 @ruling @model-board
  Rule: Figures never block one another: several may stand on one space, fingerprints included, and a figure may pass another
    Source: Game Sequence ¶35, ¶61
    The rulebook counts spaces and bars only roadblocked ones; action c even
    asks for two figures on one location.  It never stops a figure for another,
    so figures share and pass any space.

    Example: Justus on the fingerprint does not stop Peter passing or joining him
      Given a 2-player game at difficulty 1
      And Justus's figure stands on "Schrottplatz~Zentrale:1"
      And Peter has rolled "red" and 3
      And it is Peter's movement step on "Zentrale"
      Then Peter may move to "Schrottplatz~Zentrale:1"
      And Peter may move to "Schrottplatz"

  @FD-MOV-08 @ruling @model-board
  Rule: A figure moves once a turn, in one go, to the space where it ends; turning back on the way is allowed but reaches nothing more
    Source: Game Sequence ¶35
    The text lets a figure go in any direction, up to the die's number, and is silent on turning back within one
    move.  Since a figure may also stop short, a route that turns back can only end on a space the figure reaches
    directly, so we allow it and let a move name only the space where the figure ends.  The move is then made: the
    rest of the die's number is lost, and the figure cannot go on from there in the same turn.

    Example: after one space of his three, Peter cannot move on
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 3
      And it is Peter's movement step on "Zentrale"
      When Peter moves to "Schrottplatz~Zentrale:2"
      And Peter tries to move to "Schrottplatz"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-MOV-09 @ruling @model-board @model-tracks
  Rule: A roadblock placed by an event in the hazard step bars the way already in the movement step of the same turn
    Source: Game Sequence ¶33, ¶35
    The dice are rolled before the hazard step, so one could ask whether a roadblock the roll brings counts for
    that roll's movement.  The text activates the token at once and puts the roadblock on the board, and the
    movement step comes after the hazard step: so it does.

    Example: the roadblock Justus's hazard die brings keeps him from the Hospital
      Given a 2-player game at difficulty 5
      And the event token "roadblock Hospital~Schrottplatz" lies on space 6 of the red track
      And Justus has rolled "red" and 3
      And Justus's figure stands on "Schrottplatz"
      When Justus moves the red hazard indicator
      And Justus carries out the event
      Then it is Justus's movement step
      And Justus may move to "Jachthafen"
      And Justus cannot move to "Hospital"
