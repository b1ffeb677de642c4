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

  @FD-INT-09 @ruling
  Rule: Revealing a person card is an action in itself: the player may stop there without interrogating or using the person
    Source: Game Sequence ¶48-51
    The rulebook says the player "may" reveal the card and interrogate or use
    the person, and that a face-up person may be interrogated or used later
    without revealing.  So interrogating or using is a choice, and a player
    who only wanted to see who is there ends the action with the card face up.

    Example: Peter reveals Victor Hugenay and ends the action
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face down at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      When Peter reveals the person
      And Peter ends the action
      Then "Victor Hugenay" lies face up at "Jachthafen"
      And it is Peter's detective cards step
      And the suspect track holds 0 clues

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

  @FD-INT-10 @ruling @model-clues
  Rule: After a successful interrogation the suspect stays face up where he is and may be interrogated again
    Source: Game Sequence ¶44, ¶53
    The rulebook moves a suspect beside the board only when the clue does not
    fit; on a match it says nothing of the suspect card.  So it stays face up
    on its location, and a later player there may interrogate him again with
    another clue.

    Example: Hugenay stays at Jachthafen after the timer switch
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Leuchtturm"
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Leuchtturm"
      Then "Victor Hugenay" lies face up at "Jachthafen"
      And "Victor Hugenay" is not beside the board

  @FD-INT-11 @ruling @model-clues
  Rule: A clue placed under the suspect track is used up: it lies on no location, so no interrogation can point at it again
    Source: Game Sequence ¶44, ¶52
    An interrogation points at a clue "at any location"; a matched clue has
    left the board for the suspect track, and the rulebook never lets a player
    point at the track.

    Example: the timer switch goes under Hugenay and leaves Leuchtturm empty
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Leuchtturm"
      And the clue stack is empty
      And it is Peter's action step on "Jachthafen"
      When Peter interrogates with the clue at "Leuchtturm"
      Then the clue "timer switch" lies under "Victor Hugenay" on the suspect track
      And no clue lies at "Leuchtturm"

    Example: in a later turn the timer switch under Hugenay cannot serve again
      Given a 2-player game at difficulty 1
      And "Victor Hugenay" lies face up at "Jachthafen"
      And the clue "timer switch" lies face up at "Leuchtturm"
      And the clue "timer switch" lies under "Victor Hugenay" on the suspect track
      And the clue stack is empty
      And it is Justus's action step on "Jachthafen"
      Then Justus cannot interrogate with the clue at "Leuchtturm"
      And Justus may interrogate with the clue at "Wasserwerk"

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
    See also: FD-HLP-01, FD-CARD-12, FD-EVT-04

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

    Example: of two suspects in hiding, Peter chooses the one Morton brings back
      Given a 2-player game at difficulty 1
      And "Morton" lies face up at "Hospital"
      And "Victor Hugenay" is in hiding beside the board
      And "Brittany" is in hiding beside the board
      And no person card lies at "Leuchtturm"
      And it is Peter's action step on "Hospital"
      Then Peter may use Morton to return "Victor Hugenay" to "Leuchtturm"
      When Peter uses Morton to return "Brittany" to "Leuchtturm"
      Then "Brittany" lies face up at "Leuchtturm"
      And "Victor Hugenay" is in hiding beside the board

    Example: not onto the Central Office
      Given a 2-player game at difficulty 1
      And "Morton" lies face up at "Hospital"
      And "Victor Hugenay" is in hiding beside the board
      And it is Peter's action step on "Hospital"
      When Peter tries to use Morton to return "Victor Hugenay" to "Zentrale"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-HLP-06 @ruling
  Rule: Only suspects ever go into hiding, so Morton brings back only suspects
    Source: Game Sequence ¶53, ¶55; Cards and Tokens ¶112
    See also: FD-HLP-01, FD-CARD-12
    Morton's text lets him return "a suspect or a helper" lying beside the
    board, but no rule of our text puts a helper there: a failed interrogation
    and the "Palisades Park and Hospital" token send only suspects into hiding.

    A game with a helper beside the board cannot be loaded: such a helper
    is a position no game reaches, so the reference refuses to load one
    rather than play from it.

    Example: Uncle Titus beside the board is no position of the game
      Given a 2-player game at difficulty 1
      And "Uncle Titus" is in hiding beside the board
      When the game is loaded
      Then the request is refused as bad_request

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
    See also: FD-HLP-04, FD-OBS-03

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

  @FD-HLP-07 @ruling
  Rule: When a card lets a player draw two detective cards and only one is left, the player draws that one
    Source: Game Sequence ¶58; Cards and Tokens ¶92
    See also: FD-HLP-05, FD-CARD-07
    Aunt Mathilda gives two cards "as long as the stack still contains cards"
    and nothing once it is used up; the rulebook does not say what one last
    card does.  The stack still holds a card, so she may be used, and she
    gives what there is.  The "Central Office" card's two cards likewise.

    Example: Aunt Mathilda with one card left
      Given a 2-player game at difficulty 1
      And "Aunt Mathilda" lies face up at "Schrottplatz"
      And only "Recall" is left in the detective stack
      And it is Peter's action step on "Schrottplatz"
      When Peter uses Aunt Mathilda
      Then 1 detective cards are to be drawn for Peter
      When chance draws "Recall"
      Then Peter holds "Recall"
      And the detective stack holds 0 cards

    Example: the Central Office card with one card left
      Given a 2-player game at difficulty 1
      And Peter holds "Central Office"
      And only "Recall" is left in the detective stack
      And it is Peter's detective cards step on "Zentrale"
      When Peter plays "Central Office" to draw
      Then 1 detective cards are to be drawn for Peter
