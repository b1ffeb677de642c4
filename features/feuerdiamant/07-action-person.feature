Feature: Action b: reveal a person card and interrogate or use it
  Transcribes the rulebook section "b. ACTION: Reveal a person card and
  interrogate or use it", with "Interrogating a suspect", its "Fits" and "Does
  not fit" outcomes, and "Using a helper" (Morton, Uncle Titus, Aunt Mathilda).

  @FD-INT-01
  Rule: A face-down person card on the figure's location may be revealed, and the same action goes on with interrogating or using that person
    Source: Game Sequence ¶47-50

    Example: Peter reveals Victor Hugenay and may interrogate him
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face down at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      When Peter reveals the person
      Then "Victor Hugenay" lies face up at "Jachthafen"
      And it is Peter's person step
      And Peter may interrogate

  @FD-INT-02
  Rule: A face-up suspect on the figure's location may be interrogated without revealing anything first
    Source: Game Sequence ¶51-52

    Example: Hugenay already lies face up
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      Then Peter may interrogate
      And Peter cannot reveal the person

  @FD-INT-03 @model-clues
  Rule: To interrogate, the player points at a face-up clue or reveals a face-down clue, on any location
    Source: Game Sequence ¶43, ¶46, ¶52

    Example: pointing at the timer switch on Leuchtturm
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Leuchtturm"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Leuchtturm"
      Then the clue "timer switch" lies under "Victor Hugenay" on the suspect track

    Example: revealing the clue on Wasserwerk during the interrogation
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "train ticket" lies face down at "Wasserwerk"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Wasserwerk"
      Then the clue "train ticket" lies under "Victor Hugenay" on the suspect track
      And an event "clue_revealed" was reported

  @FD-INT-04
  Rule: A matching clue goes under the suspect on the suspect track, a new clue comes face down from the stack onto its place, and the interrogator draws a detective card
    Source: Game Sequence ¶44-45

    Example: the timer switch fits Hugenay
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Leuchtturm"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Leuchtturm"
      Then chance is to draw a clue
      When chance draws "map"
      Then a face-down clue lies at "Leuchtturm"
      And 1 detective cards are to be drawn for Peter
      When chance draws "Recall"
      Then Peter holds "Recall"
      And it is Peter's detective cards step

  @FD-INT-05
  Rule: When the clue stack is used up, a matched clue leaves its place empty
    Source: Game Sequence ¶44; End of the Game ¶76

    Example: no new clue for Leuchtturm
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Leuchtturm"
      And the clue stack is empty
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Leuchtturm"
      Then no clue lies at "Leuchtturm"
      And 1 detective cards are to be drawn for Peter

  @FD-INT-06
  Rule: A clue that does not match stays face up where it lies, and the suspect goes into hiding face up beside the board
    Source: Game Sequence ¶53

    Example: the glove does not fit Hugenay
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "glove" lies face down at "Zeitungsverlag"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Zeitungsverlag"
      Then the clue "glove" lies face up at "Zeitungsverlag"
      And "Victor Hugenay" is in hiding beside the board
      And no person card lies at "Jachthafen"
      And 0 detective cards are to be drawn for Peter
      And the suspect track holds 0 clues

  @FD-INT-07 @ruling @model-clues
  Rule: A clue revealed during an interrogation that brings an obstacle ends the interrogation at once, with neither a match nor a mismatch
    Source: Game Sequence ¶63
    The rulebook says only that the interrogation "ends immediately". We read it
    as ending without any result: the clue stays face up under its new obstacle
    (the location is now blocked, so the clue cannot be used), it is not placed
    on the suspect track even if it fits, no detective card is drawn, and the
    suspect stays where he is. When no obstacle token is left, nothing blocks the
    location and the interrogation is judged as usual.

    Example: the paintbrush would fit Hugenay, but its obstacle cuts the interrogation short
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "paintbrush" lies face down at "Wasserwerk"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Wasserwerk"
      Then chance is to draw an obstacle
      When chance draws "Movement -2"
      Then the obstacle "Movement -2" lies on "Wasserwerk"
      And the clue "paintbrush" lies face up at "Wasserwerk"
      And the suspect track holds 0 clues
      And "Victor Hugenay" lies face up at "Jachthafen"
      And 0 detective cards are to be drawn for Peter

    Example: with no obstacle token left, the paintbrush fits
      Given a 2-player game at difficulty 1
      And no obstacle token is left beside the board
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "paintbrush" lies face down at "Wasserwerk"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Wasserwerk"
      Then the clue "paintbrush" lies under "Victor Hugenay" on the suspect track

  @FD-INT-08
  Rule: A clue on a location blocked by an obstacle cannot be used in an interrogation
    Source: Game Sequence ¶63

    Example: the timer switch under an obstacle is out of reach
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Wasserwerk"
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And it is Peter's action step on "Jachthafen"
      When Peter tries to interrogate with the clue at "Wasserwerk"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-HLP-01
  Rule: Morton returns a person card from beside the board face up onto any location without a person card, except the Central Office
    Source: Game Sequence ¶54-55

    Example: Morton brings Hugenay back to Leuchtturm
      Given a 2-player game at difficulty 1
      And "Morton" lies face up at "Hospital"
      And "Victor Hugenay" is in hiding beside the board
      And no person card lies at "Leuchtturm"
      And it is Peter's action step on "Hospital"
      When Peter uses Morton to return "Victor Hugenay" to "Leuchtturm"
      Then "Victor Hugenay" lies face up at "Leuchtturm"
      And "Victor Hugenay" is not beside the board

    Example: Morton brings back a helper just as well
      Given a 2-player game at difficulty 1
      And "Morton" lies face up at "Hospital"
      And "Uncle Titus" is in hiding beside the board
      And no person card lies at "Leuchtturm"
      And it is Peter's action step on "Hospital"
      When Peter uses Morton to return "Uncle Titus" to "Leuchtturm"
      Then "Uncle Titus" lies face up at "Leuchtturm"
      And "Uncle Titus" is not beside the board

    Example: not onto the Central Office
      Given a 2-player game at difficulty 1
      And "Morton" lies face up at "Hospital"
      And "Victor Hugenay" is in hiding beside the board
      And it is Peter's action step on "Hospital"
      When Peter tries to use Morton to return "Victor Hugenay" to "Zentrale"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-HLP-02
  Rule: Morton can do nothing while no person card lies beside the board
    Source: Game Sequence ¶55

    Example: nobody in hiding
      Given a 2-player game at difficulty 1
      And "Morton" lies face up at "Hospital"
      And it is Peter's action step on "Hospital"
      Then Peter cannot use the helper

  @FD-HLP-03 @model-board
  Rule: Uncle Titus removes any one obstacle or roadblock from the board into the box, and that earns a detective card
    Source: Game Sequence ¶56-57

    Example: Titus removes the obstacle on Wasserwerk from afar
      Given a 2-player game at difficulty 1
      And "Uncle Titus" lies face up at "Leuchtturm"
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And it is Peter's action step on "Leuchtturm"
      When Peter uses Uncle Titus on the obstacle at "Wasserwerk"
      Then no obstacle lies on "Wasserwerk"
      And 1 detective cards are to be drawn for Peter

    Example: Titus removes a roadblock
      Given a 2-player game at difficulty 1
      And "Uncle Titus" lies face up at "Leuchtturm"
      And a roadblock lies between "Hospital" and "Kunstgalerie"
      And it is Peter's action step on "Leuchtturm"
      When Peter uses Uncle Titus on the roadblock between "Hospital" and "Kunstgalerie"
      Then no roadblock lies between "Hospital" and "Kunstgalerie"
      And 1 detective cards are to be drawn for Peter

  @FD-HLP-04 @model-board
  Rule: Uncle Titus cannot take a roadblock token that still lies on a hazard track, and can do nothing when no obstacle or roadblock is on the board
    Source: Game Sequence ¶56

    Example: the roadblock token on the red track is out of his reach
      Given a 2-player game at difficulty 1
      And "Uncle Titus" lies face up at "Leuchtturm"
      And the event token "roadblock Hospital~Kunstgalerie" lies on space 13 of the red track
      And it is Peter's action step on "Leuchtturm"
      When Peter tries to use Uncle Titus on the roadblock between "Hospital" and "Kunstgalerie"
      Then the action is rejected as illegal_action
      And the game is exactly as it was
      And Peter cannot use the helper

  @FD-HLP-05
  Rule: Aunt Mathilda gives two detective cards while the stack has cards, and nothing once it is used up
    Source: Game Sequence ¶58-59

    Example: revealing Aunt Mathilda and using her at once
      Given a 2-player game at difficulty 1
      And "Aunt Mathilda" lies face down at "Schrottplatz"
      And it is Peter's action step on "Schrottplatz"
      When Peter reveals the person
      And Peter uses Aunt Mathilda
      Then 2 detective cards are to be drawn for Peter

    Example: the detective stack is used up
      Given a 2-player game at difficulty 1
      And "Aunt Mathilda" lies face up at "Schrottplatz"
      And the detective stack is empty
      And it is Peter's action step on "Schrottplatz"
      Then Peter cannot use the helper
